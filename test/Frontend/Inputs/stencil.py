import dace
import numpy as np

N = dace.symbol('N', dtype=dace.int64)
T = dace.symbol('T', dtype=dace.int64)


@dace.program
def jacobi_2d(A: dace.float64[N, N], B: dace.float64[N, N]):
    for t in range(T):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])


@dace.program
def shift(A: dace.float64[N, N], s: dace.float64):
    # Reads what it overwrites: NumPy evaluates the right side first.
    A[1:, :] = A[:-1, :] * s
    total = np.sqrt(A[0, 0]) + N
    A[0, 0] = total
    return A[:, 0] + 1
