// C++ tasklets of DaCe's BLAS/LAPACK library expansions: cblas.h and
// lapacke.h are included when the code uses them (LAPACK_ROW_MAJOR,
// lapack_complex_double, cblas_*), and OpenBLAS/LAPACKE are linked.
// As DaCe's getrf: an in-place complex LU factorization of A (N x N), with
// pivots and the status; then D = X . X through cblas_ddot.
// RUN: sdfg-run %s --symbol N=3 --inputs %S/Inputs/cpp-tasklet-lapack.npz --expected %S/Inputs/cpp-tasklet-lapack.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --symbol N=3 --engine aot --inputs %S/Inputs/cpp-tasklet-lapack.npz --expected %S/Inputs/cpp-tasklet-lapack.npz 2>&1 | FileCheck %s
// CHECK: 5 outputs match
// RUN: rm -rf %t && mkdir -p %t
// RUN: sdfg-compile %s -o %t
// RUN: nm -D %t/libcpp_lapack.so | FileCheck %s --check-prefix=LINKED
// LINKED-DAG: U LAPACKE_zgetrf
// LINKED-DAG: U cblas_ddot
sdfg.sdfg "cpp_lapack" ["A", "P", "R", "X", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N, N>}
  sdfg.array "P" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<N>}
  sdfg.array "R" {dtype = #sdfg.dtype<int32>, shape = #sdfg.exprs<1>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %a2 = sdfg.access "A"
    %p = sdfg.access "P"
    %r = sdfg.access "R"
    %t = sdfg.tasklet "getrf" {language = "CPP", ins = {_xin}, outs = {_xout, _ipiv, _res}, code = "_res = LAPACKE_zgetrf(LAPACK_ROW_MAJOR, N, N, (lapack_complex_double*)_xin, N, _ipiv);"}
    sdfg.memlet %a -> %t["_xin"] {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %t["_xout"] -> %a2 {data = "A", subset = #sdfg.range<0:N, 0:N>}
    sdfg.memlet %t["_ipiv"] -> %p {data = "P", subset = #sdfg.range<0:N>}
    sdfg.memlet %t["_res"] -> %r {data = "R", subset = #sdfg.range<0>}
    %x = sdfg.access "X"
    %d = sdfg.access "D"
    %t2 = sdfg.tasklet "dot" {language = "CPP", ins = {_x}, outs = {_d}, code = "_d = cblas_ddot(N, _x, 1, _x, 1);"}
    sdfg.memlet %x -> %t2["_x"] {data = "X", subset = #sdfg.range<0:N>}
    sdfg.memlet %t2["_d"] -> %d {data = "D", subset = #sdfg.range<0>}
  }
}
