// sdfg-opt --sdfg-check-canonical: each violated rule of the canonical form
// is an error at its location; a canonical SDFG passes unchanged.
// RUN: sdfg-opt %s --split-input-file --sdfg-check-canonical --verify-diagnostics
// RUN: sdfg-opt %s --split-input-file --sdfg-check-canonical --verify-diagnostics 2>&1 | FileCheck %s --check-prefix=WARN

// WARN: check-canonical.mlir:32:10: warning: canonical form recommendation 7: access node of 'B' has 2 incoming edges
// WARN-NEXT: check-canonical.mlir:95:10: warning: canonical form recommendation 7: access node of 'B' has 2 incoming edges

// Canonical: one access node per container, transients written once.
sdfg.sdfg "canonical" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.access "T"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %t -> %b {data = "T", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "two_nodes" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{canonical form rule 8: state 's' has a second access node of 'A'}}
    %a2 = sdfg.access "A"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:4>, other_subset = #sdfg.range<0:4>}
    sdfg.memlet %a2 -> %b {data = "A", subset = #sdfg.range<0:4>, other_subset = #sdfg.range<4:8>}
  }
}

// -----

// A state-machine loop, and an interstate edge reading an array.
sdfg.sdfg "cycle" ["A"] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4>}
  %init = sdfg.state "init" {
  }
  // expected-error@+1 {{canonical form rule 5: the state machine has a cycle through 'guard'}}
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  // expected-error@+1 {{canonical form rule 4: interstate edge reads array 'A' in 'i < A[0]'}}
  sdfg.edge %guard -> %body {condition = "i < A[0]"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1">}
}

// -----

// A transient written in two states, one after the other.
sdfg.sdfg "rewritten" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s1 = sdfg.state "s1" {
    %a = sdfg.access "A"
    %t = sdfg.access "T"
    sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
  }
  %s2 = sdfg.state "s2" {
    %a = sdfg.access "A"
    // expected-error@+1 {{canonical form rule 6: transient 'T' is written again in state 's2', after state 's1'}}
    %t = sdfg.access "T"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %t -> %b {data = "T", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s1 -> %s2
}

// -----

// Global data shifted onto itself (A[i] = A[i + 1]), and a write node with
// two inputs (a recommendation only).
sdfg.sdfg "shift" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{canonical form rule 3: global 'A' is read and written in state 's' at different elements}}
    %t = sdfg.tasklet "shift" {code = "o = i", ins = {i}, outs = {o}}
    // expected-error@+1 {{canonical form rule 8: state 's' has a second access node of 'A'}}
    %a2 = sdfg.access "A"
    %c1 = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
    %c2 = sdfg.tasklet "two" {code = "o = 2.0", outs = {o}}
    %b = sdfg.access "B"
    sdfg.memlet %a -> %t["i"] {data = "A", subset = #sdfg.range<1>}
    sdfg.memlet %t["o"] -> %a2 {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %c1["o"] -> %b {data = "B", subset = #sdfg.range<0>}
    sdfg.memlet %c2["o"] -> %b {data = "B", subset = #sdfg.range<1>}
  }
}

// -----

// Two branches of a conditional write the same transient (SSA style allows
// it: only one runs); a read after the conditional is fine.
sdfg.sdfg "branches" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %c = sdfg.conditional "if" {
    sdfg.branch "then" attributes {condition = "N > 0"} {
      %s1 = sdfg.state "s1" {
        %a = sdfg.access "A"
        %t = sdfg.access "T"
        sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
      }
    }
    sdfg.branch "else" {
      %s2 = sdfg.state "s2" {
        %b = sdfg.access "B"
        %t = sdfg.access "T"
        sdfg.memlet %b -> %t {data = "B", subset = #sdfg.range<0:4>}
      }
    }
  }
  %after = sdfg.state "after" {
    %t = sdfg.access "T"
    %b = sdfg.access "B"
    sdfg.memlet %t -> %b {data = "T", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %c -> %after
}

// -----

// Inside a loop, a second state of the body writing the transient again is
// downstream of the first (and the first of the second, next iteration).
sdfg.sdfg "loop_body" ["A"] attributes {experimental_blocks} {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %l = sdfg.loop "loop" attributes {condition = "i < 3", init = "i = 0", loop_variable = "i", update = "i = i + 1"} {
    %s1 = sdfg.state "s1" {
      %a = sdfg.access "A"
      // expected-error@+1 {{canonical form rule 6: transient 'T' is written again in state 's1', after state 's2'}}
      %t = sdfg.access "T"
      sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
    }
    %s2 = sdfg.state "s2" {
      %a = sdfg.access "A"
      // expected-error@+1 {{canonical form rule 6: transient 'T' is written again in state 's2', after state 's1'}}
      %t = sdfg.access "T"
      sdfg.memlet %a -> %t {data = "A", subset = #sdfg.range<0:4>}
    }
    sdfg.edge %s1 -> %s2
  }
}
