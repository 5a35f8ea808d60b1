# Matrix-vector and vector-matrix products: MatMul nodes that call
# cblas_?gemv (the transposed form for x @ A); a vector-vector product
# calls cblas_?dot.
import dace
import numpy as np

M, N = (dace.symbol(s, dtype=dace.int64) for s in ('M', 'N'))


@dace.program
def matvec(A: dace.float64[M, N], x: dace.float64[N], y: dace.float64[M], B: dace.float32[M, N], v: dace.float32[M]):
    return A @ x, y @ A, v @ B, x @ x
