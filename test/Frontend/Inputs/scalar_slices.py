import dace
import numpy as np

M, N, nnz = (dace.symbol(s, dtype=dace.int64) for s in ('M', 'N', 'nnz'))


@dace.program
def window(A: dace.float64[N], R: dace.int64[2], out: dace.float64[2]):
    start = R[0]
    stop = R[1]
    v = A[start:stop]
    out[0] = np.sum(v)
    out[1] = np.sum(v * 2.0)


@dace.program
def csr_rows(A_row: dace.uint32[M + 1], A_col: dace.uint32[nnz], A_val: dace.float64[nnz], x: dace.float64[N]):
    y = np.empty(M, A_val.dtype)
    for i in range(M):
        start = dace.define_local_scalar(dace.uint32)
        stop = dace.define_local_scalar(dace.uint32)
        start = A_row[i]
        stop = A_row[i + 1]
        cols = A_col[start:stop]
        vals = A_val[start:stop]
        y[i] = vals @ x[cols]
    return y


@dace.program
def triangle(alpha: dace.float64, beta: dace.float64, C: dace.float64[N, N], A: dace.float64[N, M]):
    for i in range(N):
        C[i, :i + 1] *= beta
        for k in range(M):
            C[i, :i + 1] += alpha * A[i, k] * A[:i + 1, k]
