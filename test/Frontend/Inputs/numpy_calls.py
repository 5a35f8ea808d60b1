import dace
import numpy as np

N, M = (dace.symbol(s, dtype=dace.int64) for s in ('N', 'M'))


@dace.program
def calls(A: dace.float64[N, M], x: dace.float64[M], y: dace.float64[N]):
    y[:] = A @ x + np.sum(A, axis=1)
    B = np.zeros((N, M), dtype=np.float32)
    B[:] = np.add.outer(y, x) + np.where(A > 0, A, 0.0)
    C = np.maximum.reduce(A, axis=-1, keepdims=True, initial=-9999)
    np.subtract(A, C, out=A)
    y[:] = np.mean(A, axis=1)


@dace.program
def shapes(A: dace.float64[N, M], B: dace.float64[M, N], C: dace.float64[N * M]):
    B[:] = A.T + np.transpose(A)
    C[:] = np.reshape(A, (N * M, ))


@dace.program
def row_products(L: dace.float64[N, N], x: dace.float64[N], b: dace.float64[N]):
    for i in range(N):
        x[i] = (b[i] - L[i, :i] @ x[:i]) / L[i, i]
