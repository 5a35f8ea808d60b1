import dace
import numpy as np

N = dace.symbol('N', dtype=dace.int64)


@dace.program
def gesummv(alpha: dace.float64, beta: dace.float64, A: dace.float64[N, N], B: dace.float64[N, N], x: dace.float64[N]):
    return alpha * A @ x + beta * B @ x


@dace.program
def scaled_right(A: dace.float64[N, N], x: dace.float64[N]):
    return A @ (x * 2.0)
