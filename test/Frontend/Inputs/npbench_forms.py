# Forms NPBench kernels use: array methods, keyword symbols in calls, a
# parameter named like a symbol, stacked matrix products, reshapes to sizes
# given on trust, complex literals, boolean masks, `X.shape` as a shape.
import dace as dc
import numpy as np

N, M, K, steps = (dc.symbol(s, dtype=dc.int64) for s in ('N', 'M', 'K', 'steps'))


@dc.program
def repeat(x: dc.float64[N]):
    for q in range(steps):
        x[:] = x * 2.0


@dc.program
def forms(steps: dc.int64, A: dc.float64[N, M], S: dc.float64[N, 1, M], W: dc.float64[M, M], z: dc.float64[N]):
    B = A.copy()
    repeat(z, steps=steps)
    P = np.reshape(S @ W, (N, K))
    C = np.zeros(A.shape, dtype=np.complex128)
    C[:] = B + 1j * B
    C[B > 2.0] = 0
    B[B > 1.0] += 10.0
    return B.sum(axis=1), P.astype(np.float32), C


@dc.program
def histogram(a: dc.int64[N], h: dc.int64[K]):
    for i in range(N):
        b = a[i] % K
        h[b] += 1


@dc.program
def csr(A_row: dc.int64[K + 1], A_col: dc.int64[M], A_val: dc.float64[M], x: dc.float64[N], y: dc.float64[K]):
    for i in range(K):
        start = A_row[i]
        stop = A_row[i + 1]
        cols = A_col[start:stop]
        vals = A_val[start:stop]
        y[i] = vals @ x[cols]


@dc.program
def algebra(A: dc.float64[N, N], b: dc.float64[N], x: dc.float64[N]):
    for i in dc.parrange(N):
        x[i] = b[i] * 2.0
    L = np.linalg.cholesky(A)
    Ai = np.linalg.inv(A)
    return np.linalg.solve(A, x), np.clip(L, 0.1, 0.5), Ai


@dc.program
def running(x: dc.float64[N], c: dc.int32[N]):
    return np.cumsum(x * 2.0), np.cumsum(c)
