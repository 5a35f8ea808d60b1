// C++ tasklets see the names of DaCe's C++ runtime that DaCe's own code
// uses: library-node expansions declare `dace::complex128 __alpha`, and
// symbolic sizes are printed as `dace::math::pow(R, K - 1)`, `int_floor`,
// `int_ceil`, `Mod` (as in the CPU auto-optimized SDFGs of FFT-like and
// tensor-contraction programs, whose MatMuls expand to cblas_zgemm).
// C = A @ B with A of shape (R**(K-1), R) through cblas_zgemm; I holds
// integer expressions of N, 7**21 included (exact: more bits than a double has).
// The inputs and expected results come from Inputs/cpp-tasklet-dace-runtime.py.
// RUN: sdfg-run %s --symbol R=2 --symbol K=3 --symbol N=7 --inputs %S/Inputs/cpp-tasklet-dace-runtime.npz --expected %S/Inputs/cpp-tasklet-dace-runtime.npz 2>&1 | FileCheck %s
// RUN: sdfg-run %s --symbol R=2 --symbol K=3 --symbol N=7 --engine aot --inputs %S/Inputs/cpp-tasklet-dace-runtime.npz --expected %S/Inputs/cpp-tasklet-dace-runtime.npz 2>&1 | FileCheck %s
// CHECK: 2 outputs match
sdfg.sdfg "cpp_dace_runtime" ["A", "B", "C", "I"] {
  sdfg.symbol "R" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "K" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<"R**(K - 1)", R>}
  sdfg.array "B" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<R, R>}
  sdfg.array "C" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<"R**(K - 1)", R>}
  sdfg.array "I" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<3>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %c = sdfg.access "C"
    %t = sdfg.tasklet "gemm" {language = "CPP", ins = {_a, _b}, outs = {_c}, code = "\0Adace::complex128 __alpha = dace::complex128(1);\0Adace::complex128 __beta = dace::complex128(0);\0Acblas_zgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (dace::math::pow(R, K - 1)), R, R, &__alpha, _a, R, _b, R, &__beta, _c, R);\0A"}
    sdfg.memlet %a -> %t["_a"] {data = "A", subset = #sdfg.range<0:"R**(K - 1)", 0:R>}
    sdfg.memlet %b -> %t["_b"] {data = "B", subset = #sdfg.range<0:R, 0:R>}
    sdfg.memlet %t["_c"] -> %c {data = "C", subset = #sdfg.range<0:"R**(K - 1)", 0:R>}
    %i = sdfg.access "I"
    %t2 = sdfg.tasklet "ints" {language = "CPP", outs = {_i}, code = "\0A_i[0] = int_floor(N, 2) * 100 + int_ceil(N, 2) * 10 + Mod(N, 4);\0A_i[1] = dace::math::pow(N, 21);\0A_i[2] = (dace::int64)(dace::math::pow(2.0, 0.5) * 1000);\0A"}
    sdfg.memlet %t2["_i"] -> %i {data = "I", subset = #sdfg.range<0:3>}
  }
}
