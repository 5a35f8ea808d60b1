// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, references (src/verify/references.rs): every path from the start sets a reference before a state reads it.

// The state that reads comes before the one that sets.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s0 = sdfg.state "s0" {
    // expected-error@+1 {{reference 'R' may be used before it is set: not every path from the start sets it through its 'set' connector}}
    %r = sdfg.access "R"
    %b = sdfg.access "B"
    sdfg.memlet %r -> %b {data = "R", subset = #sdfg.range<0:4>}
  }
  %s1 = sdfg.state "s1" {
    %r = sdfg.access "R" {ins = {set}}
    %a = sdfg.access "A"
    sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s0 -> %s1
}

// -----

// Set in the only branch of a conditional, read after it.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %c = sdfg.conditional "if" {
    sdfg.branch "then" attributes {condition = "N > 0"} {
      %s = sdfg.state "set" {
        %r = sdfg.access "R" {ins = {set}}
        %a = sdfg.access "A"
        sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
      }
    }
  }
  %u = sdfg.state "use" {
    // expected-error@+1 {{reference 'R' may be used before it is set}}
    %r = sdfg.access "R"
    %b = sdfg.access "B"
    sdfg.memlet %r -> %b {data = "R", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %c -> %u
}

// -----

// Interstate branches: only one of the two paths into "use" sets it.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s0 = sdfg.state "start" {
  }
  %s1 = sdfg.state "set" {
    %r = sdfg.access "R" {ins = {set}}
    %a = sdfg.access "A"
    sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
  }
  %s2 = sdfg.state "use" {
    // expected-error@+1 {{reference 'R' may be used before it is set}}
    %r = sdfg.access "R"
    %b = sdfg.access "B"
    sdfg.memlet %r -> %b {data = "R", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s0 -> %s1 {condition = "N > 0"}
  sdfg.edge %s0 -> %s2 {condition = "N <= 0"}
  sdfg.edge %s1 -> %s2
}

// -----

// Inside a loop body, the first iteration reads before the set.
sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i = i + 1"} {
    %u = sdfg.state "use" {
      // expected-error@+1 {{reference 'R' may be used before it is set}}
      %r = sdfg.access "R"
      %b = sdfg.access "B"
      sdfg.memlet %r -> %b {data = "R", subset = #sdfg.range<0:4>}
    }
    %s = sdfg.state "set" {
      %r = sdfg.access "R" {ins = {set}}
      %a = sdfg.access "A"
      sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
    }
    sdfg.edge %u -> %s
  }
}

// -----

// Accepted: set in every branch of a conditional with an else; set in a
// loop body and read after the loop (a body is taken to run at least once,
// as DaCe does).
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.reference "Q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %c = sdfg.conditional "if" {
    sdfg.branch "then" attributes {condition = "N > 0"} {
      %s = sdfg.state "set_a" {
        %r = sdfg.access "R" {ins = {set}}
        %a = sdfg.access "A"
        sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
      }
    }
    sdfg.branch "else" {
      %s = sdfg.state "set_b" {
        %r = sdfg.access "R" {ins = {set}}
        %a = sdfg.access "B"
        sdfg.memlet %a -> %r["set"] {data = "B", subset = #sdfg.range<0:4>}
      }
    }
  }
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i = i + 1"} {
    %s = sdfg.state "set_q" {
      %q = sdfg.access "Q" {ins = {set}}
      %a = sdfg.access "A"
      sdfg.memlet %a -> %q["set"] {data = "A", subset = #sdfg.range<0:4>}
    }
  }
  %u = sdfg.state "use" {
    %r = sdfg.access "R"
    %q = sdfg.access "Q"
    sdfg.memlet %r -> %q {data = "R", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %c -> %l
  sdfg.edge %l -> %u
}
