import dace
import numpy as np

N1, N2, N, M = (dace.symbol(s, dtype=dace.int64) for s in ('N1', 'N2', 'N', 'M'))


@dace.program
def relu(x: dace.float64[N1, N2]):
    return np.maximum(x, 0)


@dace.program
def scale(x: dace.float64[N1, N2], s: dace.float64):
    x[:] = x * s


@dace.program
def layer(A: dace.float64[N, M], w: dace.float64[M, M], s: dace.float64):
    y = relu(A @ w)
    scale(y, s)
    return y


@dace.program
def broken(A: dace.float64[N, M]):
    scale(A[1:], 2.0)


K, bins = (dace.symbol(s, dtype=dace.int64) for s in ('K', 'bins'))


@dace.program
def edges(a: dace.float64[N], e: dace.float64[bins + 1]):
    lo = np.amin(a)
    for i in dace.map[0:bins + 1]:
        e[i] = lo + i


@dace.program
def counts(a: dace.float64[N], e: dace.float64[K + 1], out: dace.float64[N]):
    edges(a, e)
    for i in range(N):
        edges(a, e)
        out[i] = a[i] + e[K]
