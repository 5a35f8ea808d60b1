"""A row loop whose body LoopToMap nests: reads rows i and i - 1 of A, writes row i of B."""
import dace
N = dace.symbol('N')
M = dace.symbol('M')

@dace.program
def rows(A: dace.float64[N, M], B: dace.float64[N, M]):
    for i in range(1, N):
        s = 0.0
        for j in range(M):
            s = s + A[i, j]
        for j in range(M):
            B[i, j] = A[i - 1, j] + s
