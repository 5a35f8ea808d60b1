// sdfg-expand-library-nodes: library nodes become the maps and tasklets of
// DaCe's pure expansions, in place in their state.
// RUN: sdfg-opt %s --split-input-file --sdfg-expand-library-nodes | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-expand-library-nodes | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-expand-library-nodes='class=Transpose' | FileCheck %s --check-prefix=CLASS
// RUN: not sdfg-opt %s --split-input-file --sdfg-expand-library-nodes='class=Solve' 2>&1 | FileCheck %s --check-prefix=BAD

// MATCHES: 0: Reduce 'Reduce' in state 's'
// MATCHES: 0: Reduce 'Reduce' in state 's'
// MATCHES: 0: Reduce 'Reduce' in state 's'
// MATCHES: 0: MatMul '_MatMult_' in state 's'
// MATCHES: 0: Gemm 'gemm' in state 's'
// MATCHES: 0: MatMul 'mm' in state 's'
// MATCHES: 0: MatMul 'bmm' in state 's'
// MATCHES: 0: Transpose 'Transpose' in state 's'
// MATCHES: 1: TensorTranspose 'TensorTranspose' in state 's'
// MATCHES: 0: Reduce 'Reduce' in state 'st'
// MATCHES-COUNT-6: sdfg-expand-library-nodes: no matches

// BAD: error: class: 'Solve' is not an expandable library class (one of Reduce, MatMul, Gemm, Gemv, Dot, Transpose, TensorTranspose)

// Row sums with identity 0: a map sets O to 0, then a map over the kept
// axis around one over the reduced axis adds into O.
// CHECK-LABEL: sdfg.sdfg "rows"
// CHECK: %[[O0:O_[0-9]+]] = sdfg.access "O"
// CHECK: sdfg.map "reduce_init" ["__i0"] = 0:N
// CHECK: sdfg.tasklet "reduce_init" {code = "__out = 0", outs = {__out}}
// CHECK: sdfg.map "reduce_output" ["__o0"] = 0:N
// CHECK: sdfg.map "reduce_values" ["__r1"] = 0:M
// CHECK: sdfg.tasklet "identity" {code = "__out = __inp", ins = {__inp}, outs = {__out}}
// CHECK: -> %identity["__inp"] {data = "A", subset = #sdfg.range<__o0, __r1>}
// CHECK: %identity["__out"] -> %{{.*}}["IN___out"] {data = "O", subset = #sdfg.range<__o0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: sdfg.memlet %entry["OUT___inp"] -> %reduce_values_entry["IN___inp"] {data = "A", subset = #sdfg.range<__o0, 0:M>}
// CHECK: sdfg.memlet %reduce_init_exit["OUT___out"] -> %[[O0]] {data = "O", subset = #sdfg.range<0:N>}
// CHECK: sdfg.memlet %A -> %reduce_output_entry["IN___inp"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
// CHECK: sdfg.memlet %reduce_output_exit["OUT___out"] -> %O {data = "O", subset = #sdfg.range<0:N>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: sdfg.memlet %[[O0]] -> %reduce_output_entry
// CHECK-NOT: Reduce
// With class=Transpose it stays.
// CLASS-LABEL: sdfg.sdfg "rows"
// CLASS: sdfg.library "Reduce"
sdfg.sdfg "rows" ["A", "O"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:N>}
  }
}

// -----

// A full reduction of a window, without identity: one map over both
// axes, indices shifted to the window's start, writing S[1] with max.
// CHECK-LABEL: sdfg.sdfg "full"
// CHECK-NOT: reduce_init
// CHECK: sdfg.map "reduce_values" ["__r0", "__r1"] = 0:4, 0:3
// CHECK: {data = "A", subset = #sdfg.range<"__r0 + 2", "__r1 + 1">}
// CHECK: {data = "S", subset = #sdfg.range<1>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
// CHECK: sdfg.memlet %A -> %reduce_values_entry["IN___inp"] {data = "A", subset = #sdfg.range<2:6, 1:4>}
// CHECK: sdfg.memlet %reduce_values_exit["OUT___out"] -> %S {data = "S", subset = #sdfg.range<1>, wcr = #sdfg.wcr<Max, "(lambda a, b: max(a, b))">}
// CHECK-NOT: Reduce
sdfg.sdfg "full" ["A", "S"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8, 8>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %S = sdfg.access "S"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"identity\": null, \"wcr\": \"(lambda a, b: max(a, b))\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<2:6, 1:4>}
    sdfg.memlet %r -> %S {data = "S", subset = #sdfg.range<1>}
  }
}

// -----

// Column sums into a view of a row of Q: the identity is written through a
// second access node of the view, with its own `views` edge to Q.
// CHECK-LABEL: sdfg.sdfg "view"
// CHECK: %[[V0:V_[0-9]+]] = sdfg.access "V" {outs = {views}}
// CHECK: sdfg.map "reduce_init" ["__i0"] = 0:6
// CHECK: %[[Q1:Q_[0-9]+]] = sdfg.access "Q"
// CHECK: sdfg.map "reduce_output" ["__o1"] = 0:6
// CHECK: sdfg.map "reduce_values" ["__r0"] = 0:4
// CHECK: {data = "A", subset = #sdfg.range<"__r0 + 1", "__o1 + 2">}
// CHECK: {data = "V", subset = #sdfg.range<__o1>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: sdfg.memlet %reduce_init_exit["OUT___out"] -> %[[V0]] {data = "V", subset = #sdfg.range<0:6>}
// CHECK: sdfg.memlet %[[V0]]["views"] -> %[[Q1]] {data = "Q", is_data_src = false, other_subset = #sdfg.range<0:8>, subset = #sdfg.range<3, 0:8>}
// CHECK: sdfg.memlet %reduce_output_exit["OUT___out"] -> %V {data = "V", subset = #sdfg.range<0:6>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
// CHECK: sdfg.memlet %[[Q1]] -> %reduce_output_entry
sdfg.sdfg "view" ["A", "Q"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8, 8>}
  sdfg.array "Q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 8>}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %V = sdfg.access "V" {outs = {views}}
    %Q = sdfg.access "Q"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [0], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<1:5, 2:8>}
    sdfg.memlet %r -> %V {data = "V", subset = #sdfg.range<0:6>}
    sdfg.memlet %V["views"] -> %Q {data = "Q", is_data_src = false, other_subset = #sdfg.range<0:8>, subset = #sdfg.range<3, 0:8>}
  }
}

// -----

// C = A @ B: C is set to 0, then a map over i, j, k adds the products.
// CHECK-LABEL: sdfg.sdfg "matmul"
// CHECK: %[[C0:C_[0-9]+]] = sdfg.access "C"
// CHECK: sdfg.map "matmul_init" ["__o0", "__o1"] = 0:M, 0:N
// CHECK: sdfg.tasklet "matmul_init" {code = "__out = 0", outs = {__out}}
// CHECK: sdfg.map "matmul" ["__i", "__j", "__k"] = 0:M, 0:N, 0:K
// CHECK: sdfg.tasklet "matmul" {code = "__c = __a * __b", ins = {__a, __b}, outs = {__c}}
// CHECK: {data = "A", subset = #sdfg.range<__i, __k>}
// CHECK: {data = "B", subset = #sdfg.range<__k, __j>}
// CHECK: {data = "C", subset = #sdfg.range<__i, __j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
// CHECK: sdfg.memlet %matmul_exit["OUT___c"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
// CHECK: sdfg.memlet %[[C0]] -> %matmul_entry
// CHECK-NOT: sdfg.library
sdfg.sdfg "matmul" ["A", "B", "C"] {
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, K>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %mm = sdfg.library "_MatMult_" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %A -> %mm["_a"] {data = "A", subset = #sdfg.range<0:M, 0:K>}
    sdfg.memlet %B -> %mm["_b"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %mm["_c"] -> %C {data = "C", subset = #sdfg.range<0:M, 0:N>}
  }
}

// -----

// D = 2.5 * A^T @ B + 0.5 * C: the init map scales Cin into D.
// CHECK-LABEL: sdfg.sdfg "gemm"
// CHECK: sdfg.map "gemm_init" ["__o0", "__o1"] = 0:3, 0:5
// CHECK: sdfg.tasklet "gemm_init" {code = "__out = 0.5 * __cin", ins = {__cin}, outs = {__out}}
// CHECK: sdfg.map "gemm" ["__i", "__j", "__k"] = 0:3, 0:5, 0:4
// CHECK: sdfg.tasklet "gemm" {code = "__c = 2.5 * __a * __b"
// CHECK: {data = "A", subset = #sdfg.range<__k, __i>}
// CHECK: sdfg.memlet %C -> %gemm_init_entry["IN___cin"] {data = "C", subset = #sdfg.range<0:3, 0:5>}
// CHECK: sdfg.memlet %gemm_exit["OUT___c"] -> %D {data = "D", subset = #sdfg.range<0:3, 0:5>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
sdfg.sdfg "gemm" ["A", "B", "C", "D"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 3>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 5>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 5>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 5>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %g = sdfg.library "gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b, _cin}, outs = {_c}, properties = "{\"alpha\": 2.5, \"beta\": 0.5, \"transA\": true}"}
    sdfg.memlet %A -> %g["_a"] {data = "A", subset = #sdfg.range<0:4, 0:3>}
    sdfg.memlet %B -> %g["_b"] {data = "B", subset = #sdfg.range<0:4, 0:5>}
    sdfg.memlet %C -> %g["_cin"] {data = "C", subset = #sdfg.range<0:3, 0:5>}
    sdfg.memlet %g["_c"] -> %D {data = "D", subset = #sdfg.range<0:3, 0:5>}
  }
}

// -----

// y += x[1:6] @ A[1:6, :]: the output already accumulates, so it is not
// set first.
// CHECK-LABEL: sdfg.sdfg "accumulate"
// CHECK-NOT: matmul_init
// CHECK: sdfg.map "matmul" ["__j", "__k"] = 0:4, 0:5
// CHECK: {data = "x", subset = #sdfg.range<"__k + 1">}
// CHECK: {data = "A", subset = #sdfg.range<"__k + 1", __j>}
// CHECK: {data = "y", subset = #sdfg.range<__j>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
sdfg.sdfg "accumulate" ["A", "x", "y"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6, 4>}
  sdfg.array "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6>}
  sdfg.array "y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %x = sdfg.access "x"
    %y = sdfg.access "y"
    %mm = sdfg.library "mm" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %x -> %mm["_a"] {data = "x", subset = #sdfg.range<1:6>}
    sdfg.memlet %A -> %mm["_b"] {data = "A", subset = #sdfg.range<1:6, 0:4>}
    sdfg.memlet %mm["_c"] -> %y {data = "y", subset = #sdfg.range<0:4>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// A batch of matrices times one shared matrix.
// CHECK-LABEL: sdfg.sdfg "batched"
// CHECK: sdfg.map "matmul_init" ["__o0", "__o1", "__o2"] = 0:2, 0:3, 0:5
// CHECK: sdfg.map "matmul" ["__b", "__i", "__j", "__k"] = 0:2, 0:3, 0:5, 0:4
// CHECK: {data = "A", subset = #sdfg.range<__b, __i, __k>}
// CHECK: {data = "B", subset = #sdfg.range<__k, __j>}
// CHECK: {data = "C", subset = #sdfg.range<__b, __i, __j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
sdfg.sdfg "batched" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 3, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 5>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 3, 5>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %mm = sdfg.library "bmm" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %A -> %mm["_a"] {data = "A", subset = #sdfg.range<0:2, 0:3, 0:4>}
    sdfg.memlet %B -> %mm["_b"] {data = "B", subset = #sdfg.range<0:4, 0:5>}
    sdfg.memlet %mm["_c"] -> %C {data = "C", subset = #sdfg.range<0:2, 0:3, 0:5>}
  }
}

// -----

// Transpose of a window into a window; TensorTranspose with axes [2, 0, 1]
// and alpha 2.
// CHECK-LABEL: sdfg.sdfg "transpose"
// CHECK: sdfg.map "transpose" ["__i", "__j"] = 0:2, 0:4
// CHECK: {data = "A", subset = #sdfg.range<"__i + 1", "__j + 2">}
// CHECK: {data = "B", subset = #sdfg.range<__j, "__i + 4">}
// CHECK: sdfg.map "tensor_transpose" ["__i0", "__i1", "__i2"] = 0:2, 0:3, 0:4
// CHECK: sdfg.tasklet "tensor_transpose" {code = "__out = 2 * __inp"
// CHECK: {data = "U", subset = #sdfg.range<__i2, __i0, __i1>}
// CHECK: sdfg.memlet %transpose_exit["OUT___out"] -> %B {data = "B", subset = #sdfg.range<0:4, 4:6>}
// CHECK-NOT: sdfg.library
// CLASS-LABEL: sdfg.sdfg "transpose"
// CLASS: sdfg.library "TensorTranspose"
// CLASS: sdfg.map "transpose"
sdfg.sdfg "transpose" ["A", "B", "T", "U"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6, 6>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<6, 6>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2, 3, 4>}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 2, 3>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %t = sdfg.library "Transpose" {classpath = "dace.libraries.standard.nodes.transpose.Transpose", ins = {_inp}, outs = {_out}, properties = "{\"dtype\": \"float64\"}"}
    sdfg.memlet %A -> %t["_inp"] {data = "A", subset = #sdfg.range<1:3, 2:6>}
    sdfg.memlet %t["_out"] -> %B {data = "B", subset = #sdfg.range<0:4, 4:6>}
    %T = sdfg.access "T"
    %U = sdfg.access "U"
    %tt = sdfg.library "TensorTranspose" {classpath = "dace.libraries.linalg.nodes.tensordot.TensorTranspose", ins = {_inp_tensor}, outs = {_out_tensor}, properties = "{\"axes\": [2, 0, 1], \"alpha\": 2}"}
    sdfg.memlet %T -> %tt["_inp_tensor"] {data = "T", subset = #sdfg.range<0:2, 0:3, 0:4>}
    sdfg.memlet %tt["_out_tensor"] -> %U {data = "U", subset = #sdfg.range<0:4, 0:2, 0:3>}
  }
}

// -----

// A Reduce inside a map: the identity is set in every iteration, the
// tasklet hanging from the map entry.
// CHECK-LABEL: sdfg.sdfg "scoped"
// CHECK: sdfg.map "m" ["i"] = 0:5
// CHECK: %[[S0:s_[0-9]+]] = sdfg.access "s"
// CHECK: sdfg.tasklet "reduce_init" {code = "__out = 0", outs = {__out}}
// CHECK: sdfg.map "reduce_values" ["__r0"] = 0:7
// CHECK: {data = "A", subset = #sdfg.range<i, __r0>}
// CHECK: sdfg.memlet %entry -> %reduce_init
// CHECK: sdfg.memlet %reduce_init["__out"] -> %[[S0]] {data = "s", subset = #sdfg.range<0>}
// CHECK: sdfg.memlet %entry["OUT_A"] -> %reduce_values_entry["IN___inp"] {data = "A", subset = #sdfg.range<i, 0:7>}
// CHECK: sdfg.memlet %[[S0]] -> %reduce_values_entry
sdfg.sdfg "scoped" ["A", "O"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5, 7>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<5>}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %st = sdfg.state "st" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %me, %mx = sdfg.map "m" ["i"] = 0:5 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_O}, exit_outs = {OUT_O}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
      %S = sdfg.access "s"
      %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %r {data = "A", subset = #sdfg.range<i, 0:7>}
      sdfg.memlet %r -> %S {data = "s", subset = #sdfg.range<0>}
      sdfg.memlet %S -> %t["x"] {data = "s", subset = #sdfg.range<0>}
      sdfg.memlet %t["y"] -> %exit["IN_O"] {data = "O", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:5, 0:7>}
    sdfg.memlet %mx["OUT_O"] -> %O {data = "O", subset = #sdfg.range<0:5>}
  }
}

// -----

// O is read by another access node in the state: setting it to the
// identity first could race with that read. No match.
// CHECK-LABEL: sdfg.sdfg "shared"
// CHECK: sdfg.library
sdfg.sdfg "shared" ["A", "O", "P"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 6>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "P" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<0:4, 0:6>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:4>}
    %O2 = sdfg.access "O"
    %P = sdfg.access "P"
    %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
    sdfg.memlet %O2 -> %t["x"] {data = "O", subset = #sdfg.range<0>}
    sdfg.memlet %t["y"] -> %P {data = "P", subset = #sdfg.range<0>}
  }
}

// -----

// The Reduce's own output has a WCR, which the lowering ignores: the
// meaning is unclear. No match.
// CHECK-LABEL: sdfg.sdfg "outwcr"
// CHECK: sdfg.library
sdfg.sdfg "outwcr" ["A", "O"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 6>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": null, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<0:4, 0:6>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:4>, wcr = #sdfg.wcr<Sum, "(lambda a, b: a + b)">}
  }
}

// -----

// Axis 1 of a window with an extent-1 dimension: the window's second
// dimension or its second non-unit one? No match.
// CHECK-LABEL: sdfg.sdfg "unitaxis"
// CHECK: sdfg.library
sdfg.sdfg "unitaxis" ["A", "O"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 4, 6>}
  sdfg.array "O" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %O = sdfg.access "O"
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [1], \"identity\": 0, \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %A -> %r {data = "A", subset = #sdfg.range<1, 0:4, 0:6>}
    sdfg.memlet %r -> %O {data = "O", subset = #sdfg.range<0:4>}
  }
}

// -----

// The inner extents differ (3 and 2). No match.
// CHECK-LABEL: sdfg.sdfg "extents"
// CHECK: sdfg.library
sdfg.sdfg "extents" ["A", "B", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 3>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 5>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 5>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %mm = sdfg.library "mm" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{}"}
    sdfg.memlet %A -> %mm["_a"] {data = "A", subset = #sdfg.range<0:4, 0:3>}
    sdfg.memlet %B -> %mm["_b"] {data = "B", subset = #sdfg.range<0:2, 0:5>}
    sdfg.memlet %mm["_c"] -> %C {data = "C", subset = #sdfg.range<0:4, 0:5>}
  }
}

// -----

// beta * C without a `_cin` input would read C, which the node has no edge
// for; alpha 0.5 on integers would round each product. No matches.
// CHECK-LABEL: sdfg.sdfg "scaling"
// CHECK: sdfg.library
sdfg.sdfg "scaling" ["A", "B", "C", "I", "J"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 3>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3, 5>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 5>}
  sdfg.array "I" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4, 4>}
  sdfg.array "J" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<4, 4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %g = sdfg.library "gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b}, outs = {_c}, properties = "{\"beta\": 1}"}
    sdfg.memlet %A -> %g["_a"] {data = "A", subset = #sdfg.range<0:4, 0:3>}
    sdfg.memlet %B -> %g["_b"] {data = "B", subset = #sdfg.range<0:3, 0:5>}
    sdfg.memlet %g["_c"] -> %C {data = "C", subset = #sdfg.range<0:4, 0:5>}
    %I = sdfg.access "I"
    %J = sdfg.access "J"
    %h = sdfg.library "half" {classpath = "dace.libraries.linalg.nodes.tensordot.TensorTranspose", ins = {_inp_tensor}, outs = {_out_tensor}, properties = "{\"axes\": [1, 0], \"alpha\": 0.5}"}
    sdfg.memlet %I -> %h["_inp_tensor"] {data = "I", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %h["_out_tensor"] -> %J {data = "J", subset = #sdfg.range<0:4, 0:4>}
  }
}

// -----

// A class without an expansion here. No match.
// CHECK-LABEL: sdfg.sdfg "solve"
// CHECK: sdfg.library
sdfg.sdfg "solve" ["A", "B", "X"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %X = sdfg.access "X"
    %l = sdfg.library "solve" {classpath = "dace.libraries.linalg.nodes.solve.Solve", ins = {_ain, _bin}, outs = {_bout}, properties = "{}"}
    sdfg.memlet %A -> %l["_ain"] {data = "A", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %B -> %l["_bin"] {data = "B", subset = #sdfg.range<0:4>}
    sdfg.memlet %l["_bout"] -> %X {data = "X", subset = #sdfg.range<0:4>}
  }
}
