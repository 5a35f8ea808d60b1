// sdfg-map-to-gemm: map nests that accumulate a matrix product become a
// Gemm library node (C = A @ B + C).
// RUN: sdfg-opt %s --split-input-file --sdfg-map-to-gemm | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-map-to-gemm | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: map 'mm' [i, j, k] in state 's' (C += A @ B)
// MATCHES: 0: map 'outer' [i, j] in state 's' (C += Aᵀ @ B)
// MATCHES: 0: map 'mm' [i, j, k] in state 's' (C += A @ Aᵀ)
// MATCHES: sdfg-map-to-gemm: no matches
// MATCHES: sdfg-map-to-gemm: no matches
// MATCHES: sdfg-map-to-gemm: no matches
// MATCHES: sdfg-map-to-gemm: no matches
// MATCHES: sdfg-map-to-gemm: no matches

// One 3-D map over the product's ranges, offsets included.
// CHECK-LABEL: sdfg.sdfg "three_d"
// CHECK-NOT: sdfg.map
// CHECK: %[[G:.*]] = sdfg.library "mm_gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b, _cin}, outs = {_c}, properties = "{\22beta\22:1}"}
// CHECK: %[[CIN:.*]] = sdfg.access "C"
// CHECK: sdfg.memlet %A -> %[[G]]["_a"] {data = "A", subset = #sdfg.range<1:M, 0:K>}
// CHECK: sdfg.memlet %B -> %[[G]]["_b"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
// CHECK: sdfg.memlet %[[CIN]] -> %[[G]]["_cin"] {data = "C", subset = #sdfg.range<1:M, 0:N>}
// CHECK: sdfg.memlet %[[G]]["_c"] -> %C {data = "C", subset = #sdfg.range<1:M, 0:N>}
sdfg.sdfg "three_d" ["A", "B", "C"] {
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<M, K>}
  sdfg.array "B" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<K, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<M, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 1:M, 0:N, 0:K attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<1:M, 0:K>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<1:M, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// Nested maps (as WCR tiling leaves them) and a transposed left operand,
// the product written `b * a`.
// CHECK-LABEL: sdfg.sdfg "nested_transposed"
// CHECK-NOT: sdfg.map
// CHECK: sdfg.library "outer_gemm" {classpath = "dace.libraries.blas.nodes.gemm.Gemm", ins = {_a, _b, _cin}, outs = {_c}, properties = "{\22beta\22:1,\22transA\22:true}"}
// CHECK: {data = "A", subset = #sdfg.range<0:K, 0:N>}
// CHECK: {data = "B", subset = #sdfg.range<0:K, 0:N>}
// CHECK: {data = "C", subset = #sdfg.range<0:N, 0:N>}
sdfg.sdfg "nested_transposed" ["A", "B", "C"] {
  sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %oe, %ox = sdfg.map "outer" ["i", "j"] = 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<CPU_Multicore>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["k"] = 0:K attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}, schedule = #sdfg.schedule<Sequential>} {
      ^bb0(%entry2: !sdfg.node, %exit2: !sdfg.node):
        %t = sdfg.tasklet "mul" {code = "c = b * a", ins = {a, b}, outs = {c}}
        sdfg.memlet %entry2["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<k, i>}
        sdfg.memlet %entry2["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
        sdfg.memlet %t["c"] -> %exit2["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie["IN_A"] {data = "A", subset = #sdfg.range<0:K, i>}
      sdfg.memlet %entry["OUT_B"] -> %ie["IN_B"] {data = "B", subset = #sdfg.range<0:K, j>}
      sdfg.memlet %ix["OUT_C"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %oe["IN_A"] {data = "A", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %B -> %oe["IN_B"] {data = "B", subset = #sdfg.range<0:K, 0:N>}
    sdfg.memlet %ox["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// One array on both sides, the right one transposed (A @ A^T).
// CHECK-LABEL: sdfg.sdfg "same_operand"
// CHECK: properties = "{\22beta\22:1,\22transB\22:true}"
// CHECK: sdfg.memlet %A -> %{{.*}}["_a"]
// CHECK: sdfg.memlet %A -> %{{.*}}["_b"]
sdfg.sdfg "same_operand" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "A", subset = #sdfg.range<j, k>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %A -> %me["IN_B"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// Not a product: unchanged.
// CHECK-LABEL: sdfg.sdfg "sum_not_product"
// CHECK: sdfg.map "mm"
sdfg.sdfg "sum_not_product" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = a + b", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// A max-WCR is not a sum of products: unchanged.
// CHECK-LABEL: sdfg.sdfg "max_wcr"
// CHECK: sdfg.map "mm"
sdfg.sdfg "max_wcr" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Max, "(lambda x, y: max(x, y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Max, "(lambda x, y: max(x, y))">}
  }
}

// -----

// Integers: no BLAS to gain from; unchanged.
// CHECK-LABEL: sdfg.sdfg "integers"
// CHECK: sdfg.map "mm"
sdfg.sdfg "integers" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// An index that is not a parameter: unchanged.
// CHECK-LABEL: sdfg.sdfg "shifted_index"
// CHECK: sdfg.map "mm"
sdfg.sdfg "shifted_index" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, "(k + 1) % N">}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
  }
}

// -----

// C read elsewhere in the state: unchanged.
// CHECK-LABEL: sdfg.sdfg "c_read_too"
// CHECK: sdfg.map "mm"
sdfg.sdfg "c_read_too" ["A", "B", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<N, N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %C2 = sdfg.access "C"
    %D = sdfg.access "D"
    %me, %mx = sdfg.map "mm" ["i", "j", "k"] = 0:N, 0:N, 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "mul" {code = "c = (a * b)", ins = {a, b}, outs = {c}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i, k>}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<k, j>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i, j>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %B -> %me["IN_B"] {data = "B", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %mx["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N, 0:N>, wcr = #sdfg.wcr<Sum, "(lambda x, y: (x + y))">}
    sdfg.memlet %C2 -> %D {data = "C", subset = #sdfg.range<0:N, 0:N>}
  }
}
