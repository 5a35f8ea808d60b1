// sdfg-opt --sdfg-print-analysis: the read/write sets or the symbol
// definitions and uses of every state, region, interstate edge and nested
// SDFG, printed instead of the IR (after any transformation).
// RUN: sdfg-opt %s --split-input-file --sdfg-print-analysis=rw-sets | FileCheck %s --check-prefix=RW
// RUN: sdfg-opt %s --split-input-file --sdfg-print-analysis=symbols | FileCheck %s --check-prefix=SYM
// RUN: sdfg-opt %s --split-input-file --sdfg-loop-to-map --sdfg-print-analysis=rw-sets | FileCheck %s --check-prefix=MAPPED
// RUN: not sdfg-opt %s --split-input-file --sdfg-print-analysis=bogus 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: invalid value 'bogus' for '--sdfg-print-analysis <ANALYSIS>'

// Inner access nodes widen over their maps; a loop widens its body over
// `i` from 1 to N - 2; `k` is assigned inside the SDFG, so from outside
// C[k] is the whole dimension; conditions read data at their indices.
// RW-LABEL: sdfg 'prog': reads A[0:N], A[0], B[0], B[N - 1], T[0:N - 2]; writes B[1:N - 1] (wcr), C[0:N], C[0], T[0:N]
// RW-NEXT:   state 'init': reads A[0:N]; writes T[0:N]
// RW-NEXT:   loop 'for_i': reads T[0:N - 2]; writes B[1:N - 1] (wcr)
// RW-NEXT:     state 'body': reads T[i - 1]; writes B[i] (wcr)
// RW-NEXT:   conditional 'if': reads B[0]; writes C[k], C[0]
// RW-NEXT:     branch 'positive' (if B[0] > 0): reads B[0]; writes C[k]
// RW-NEXT:       state 'set': writes C[k]
// RW-NEXT:     branch 'otherwise' (else): writes C[0]
// RW-NEXT:       state 'clear': writes C[0]
// RW-NEXT:   edge 'for_i' -> 'if': reads A[0], B[N - 1]
// RW-NEXT: // -----

// The map binds `j`; the tasklet reads `N` by name; `k` is assigned before
// the conditional reads it, so the SDFG only needs `N`.
// SYM-LABEL: sdfg 'prog': assigns i, k; binds j; uses N
// SYM-NEXT:   state 'init': binds j; uses N
// SYM-NEXT:   loop 'for_i': assigns i; uses N
// SYM-NEXT:     state 'body': uses N, i
// SYM-NEXT:   conditional 'if': uses N, k
// SYM-NEXT:     branch 'positive' (if B[0] > 0): uses N, k
// SYM-NEXT:       state 'set': uses N, k
// SYM-NEXT:     branch 'otherwise' (else): uses N
// SYM-NEXT:       state 'clear': uses N
// SYM-NEXT:   edge 'for_i' -> 'if': assigns k; uses N
// SYM-NEXT: // -----

// After LoopToMap the loop is a map over a nested SDFG: the state reads
// and writes what the loop did.
// MAPPED-LABEL: sdfg 'prog':
// MAPPED:   state 'for_i': reads T[0:N - 2]; writes B[1:N - 1] (wcr)
// MAPPED-NEXT:     nested sdfg 'body': reads T[i - 1]; writes B[i] (wcr)
// MAPPED-NEXT:       state 'body': reads T[i - 1]; writes B[i] (wcr)
sdfg.sdfg "prog" ["A", "B", "C"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s0 = sdfg.state "init" {
    %a = sdfg.access "A"
    %t = sdfg.access "T"
    %me, %mx = sdfg.map "m" ["j"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %tk = sdfg.tasklet "t" {code = "y = x * N", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %tk["x"] {data = "A", subset = #sdfg.range<j>}
      sdfg.memlet %tk["y"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<j>}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_T"] -> %t {data = "T", subset = #sdfg.range<0:N>}
  }
  %l = sdfg.loop "for_i" attributes {condition = "i < N - 1", init = "i = 1", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %t = sdfg.access "T"
      %b = sdfg.access "B"
      %tk = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %t -> %tk["x"] {data = "T", subset = #sdfg.range<"i - 1">}
      sdfg.memlet %tk["y"] -> %b {data = "B", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
  }
  %c = sdfg.conditional "if" {
    sdfg.branch "positive" attributes {condition = "B[0] > 0"} {
      %s = sdfg.state "set" {
        %c = sdfg.access "C"
        %tk = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
        sdfg.memlet %tk["y"] -> %c {data = "C", subset = #sdfg.range<k>}
      }
    }
    sdfg.branch "otherwise" {
      %s = sdfg.state "clear" {
        %c = sdfg.access "C"
        %tk = sdfg.tasklet "t" {code = "y = 0", outs = {y}}
        sdfg.memlet %tk["y"] -> %c {data = "C", subset = #sdfg.range<0>}
      }
    }
  }
  sdfg.edge %s0 -> %l
  sdfg.edge %l -> %c {assignments = #sdfg.assign<k = "A[0] + N">, condition = "B[N - 1] > 0"}
}

// -----

// A nested SDFG inside a map: its own sets move out through the connector
// memlets (the row A[i, 0:M] with its unit dimension squeezed) and the map.
// RW-LABEL: sdfg 'nested': reads A[0:N, 1:M]; writes B[0:N]
// RW-NEXT:   state 's': reads A[0:N, 1:M]; writes B[0:N]
// RW-NEXT:     nested sdfg 'f': reads a[1:K]; writes b[0]
// RW-NEXT:       state 'body': reads a[1:K]; writes b[0]
// RW-NEXT: // -----
// SYM-LABEL: sdfg 'nested': binds i; uses M, N
// SYM-NEXT:   state 's': binds i; uses M, N
// SYM-NEXT:     nested sdfg 'f': uses K, P
// SYM-NEXT:       state 'body': uses K, P
// SYM-NEXT: // -----
sdfg.sdfg "nested" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "f" attributes {ins = {a}, outs = {b}, symbol_mapping = #sdfg.symbols<K = M, P = i>} {
        sdfg.sdfg "f" ["a", "b"] {
          sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
          sdfg.symbol "P" {dtype = #sdfg.dtype<int64>}
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K>}
          sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %t = sdfg.tasklet "t" {code = "y = x * P", ins = {x}, outs = {y}}
            %b = sdfg.access "b"
            sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<1:K>}
            sdfg.memlet %t["y"] -> %b {data = "b", subset = #sdfg.range<0>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %n["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}

// -----

// A state machine loop: `i` is set before every read, `m` only on one way.
// RW-LABEL: sdfg 'machine': writes A[0:N]
// RW-NEXT:   state 'init': nothing
// RW-NEXT:   state 'guard': nothing
// RW-NEXT:   state 'body': writes A[i]
// RW-NEXT:   state 'done': nothing
// RW-NOT: edge
// SYM-LABEL: sdfg 'machine': assigns i, m; uses N, m
// SYM-NEXT:   state 'init': nothing
// SYM-NEXT:   state 'guard': nothing
// SYM-NEXT:   state 'body': uses N, i, m
// SYM-NEXT:   state 'done': nothing
// SYM-NEXT:   edge 'init' -> 'guard': assigns i
// SYM-NEXT:   edge 'guard' -> 'body': uses N, i
// SYM-NEXT:   edge 'guard' -> 'done': uses N, i
// SYM-NEXT:   edge 'body' -> 'guard': assigns i, m; uses i
sdfg.sdfg "machine" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "m" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %init = sdfg.state "init" {
  }
  %guard = sdfg.state "guard" {
  }
  %body = sdfg.state "body" {
    %a = sdfg.access "A"
    %tk = sdfg.tasklet "t" {code = "y = m", outs = {y}}
    sdfg.memlet %tk["y"] -> %a {data = "A", subset = #sdfg.range<i>}
  }
  %done = sdfg.state "done" {
  }
  sdfg.edge %init -> %guard {assignments = #sdfg.assign<i = 0>}
  sdfg.edge %guard -> %body {condition = "i < N"}
  sdfg.edge %guard -> %done {condition = "i >= N"}
  sdfg.edge %body -> %guard {assignments = #sdfg.assign<i = "i + 1", m = 7>}
}
