"""Programs the tests call, written as users write them (module level)."""

import numpy as np

import sdfg_mlir
from sdfg_mlir import float32, float64, int64, program, symbol

N = symbol("N")
M = symbol("M")


@program
def axpy(a: float64, x: float64[N], y: float64[N]):
    y[:] = a * x + y


@program
def norm(x: float64[N]):
    return np.sqrt(np.sum(x * x))


@program
def pair(x: float64[N]):
    return x + 1, x * 2


@program
def matvec(A: float64[M, N], x: float64[N]):
    return A @ x


@program
def scale_rows(A: float32[M, N], s: float32[M]):
    for i in range(M):
        A[i, :] *= s[i]


@program
def count_positive(x: int64[N]):
    total = 0
    for i in range(N):
        if x[i] > 0:
            total += 1
    return total


@program(auto_optimize=True)
def jacobi(T: int64, A: float64[N], B: float64[N]):
    for t in range(1, T):
        B[1:-1] = 0.33333 * (A[:-2] + A[1:-1] + A[2:])
        A[1:-1] = 0.33333 * (B[:-2] + B[1:-1] + B[2:])


@sdfg_mlir.program(simplify=False, cache=False)
def fill(A: float64[N]):
    A[:] = 7.0


@program(device="gpu", cache=False)
def gpu_saxpy(a: float32, x: float32[N], y: float32[N]):
    y[:] = a * x + y


@program(cache=False)
def fill_threads(A: float64[N]):
    A[:] = 7.0
