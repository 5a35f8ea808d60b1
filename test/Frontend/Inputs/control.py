import dace
import numpy as np

N = dace.symbol('N', dtype=dace.int64)


@dace.program
def control(A: dace.int64[N], out: dace.int64[1]):
    s = 0
    for i in range(N):
        if A[i] < 0:
            break
        elif A[i] == 0:
            continue
        else:
            s += A[i]
    while s > 100:
        s = s // 2
    for i, j in dace.map[0:N, 0:2]:
        A[i] = A[i] + j
    out[0] = s
