// Library nodes: three Reduce nodes (reduce_sum; wcr, identity and axes are
// kept in `properties`, the classpath names the node class) and a MatMul
// (matmul_np; its connectors are kept).
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.simplified.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.simplified.sdfg | sdfg-opt | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/matmul_np.simplified.sdfg | FileCheck %s --check-prefix=MATMUL

// CHECK-LABEL: sdfg.sdfg "progs_basic_reduce_sum" ["A", "total", "rows", "colmax"] {
// CHECK:         sdfg.state "call_190" {
// CHECK-NEXT:      %[[A:.*]] = sdfg.access "A"
// Sum over all axes: no `axes` property (its default, null, is dropped).
// CHECK-NEXT:      %[[R0:.*]] = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\22wcr\22:\22(lambda x, y: (x + y))\22,\22identity\22:0,\22name\22:\22Reduce\22}"}
// CHECK-NEXT:      %[[TMP0:.*]] = sdfg.access "__tmp0"
// CHECK-NEXT:      sdfg.access "total"
// CHECK-NEXT:      sdfg.tasklet "assign_190_4"
// CHECK-NEXT:      %[[R1:.*]] = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\22axes\22:[1],\22wcr\22:\22(lambda x, y: (x + y))\22,\22identity\22:0,\22name\22:\22Reduce\22}"}
// CHECK-NEXT:      %[[V1:.*]] = sdfg.access "__tmp1" {outs = {views}}
// CHECK-NEXT:      sdfg.access "rows"
// Max over axis 0 with identity -DBL_MAX, printed exactly.
// CHECK-NEXT:      %[[R2:.*]] = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\22axes\22:[0],\22wcr\22:\22(lambda x, y: max(x, y))\22,\22identity\22:-1.7976931348623157e+308,\22name\22:\22Reduce\22}"}
// CHECK-NEXT:      %[[V2:.*]] = sdfg.access "__tmp2" {outs = {views}}
// CHECK-NEXT:      sdfg.access "colmax"
// Reduce has no connectors: its memlets have none either.
// CHECK-NEXT:      sdfg.memlet %[[A]] -> %[[R0]] {data = "A"{{.*}}, subset = #sdfg.range<0:N, 0:M>}
// CHECK-NEXT:      sdfg.memlet %[[R0]] -> %[[TMP0]] {data = "__tmp0"{{.*}}, subset = #sdfg.range<0>}
// CHECK-NEXT:      sdfg.memlet %[[R1]] -> %[[V1]] {data = "__tmp1"{{.*}}, subset = #sdfg.range<0:N>}
// CHECK-NEXT:      sdfg.memlet %[[A]] -> %[[R1]] {data = "A"{{.*}}, subset = #sdfg.range<0:N, 0:M>}
// CHECK-NEXT:      sdfg.memlet %[[R2]] -> %[[V2]] {data = "__tmp2"{{.*}}, subset = #sdfg.range<0:M>}
// CHECK-NEXT:      sdfg.memlet %[[A]] -> %[[R2]] {data = "A"{{.*}}, subset = #sdfg.range<0:N, 0:M>}

// MATMUL-LABEL: sdfg.sdfg "progs_basic_matmul_np" ["A", "B"] {
// MATMUL:         sdfg.array "__return" {dtype = #sdfg.dtype<float64>{{.*}}, shape = #sdfg.exprs<M, N>}
// MATMUL:         sdfg.state "BinOp_65" {
// MATMUL-NEXT:      %[[A:.*]] = sdfg.access "A"
// MATMUL-NEXT:      %[[B:.*]] = sdfg.access "B"
// MATMUL-NEXT:      %[[C:.*]] = sdfg.access "__return"
// MATMUL-NEXT:      %[[MM:.*]] = sdfg.library "_MatMult_" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{\22name\22:\22_MatMult_\22}"}
// MATMUL-NEXT:      sdfg.memlet %[[A]] -> %[[MM]]["_a"] {data = "A"{{.*}}, subset = #sdfg.range<0:M, 0:K>}
// MATMUL-NEXT:      sdfg.memlet %[[B]] -> %[[MM]]["_b"] {data = "B"{{.*}}, subset = #sdfg.range<0:K, 0:N>}
// MATMUL-NEXT:      sdfg.memlet %[[MM]]["_c"] -> %[[C]] {data = "__return"{{.*}}, subset = #sdfg.range<0:M, 0:N>}
// MATMUL-NEXT:    }
