import dace
import numpy as np

N = dace.symbol('N')


@dace.program
def loops(A: dace.float64[N]):
    i = 0
    with open('log.txt'):
        A[0] += 1


@dace.program
def unannotated(A):
    A[:] = 1


@dace.program
def shapes(A: dace.float64[N], B: dace.float64[N, N]):
    A[:] = B


@dace.program
def unknown(A: dace.float64[N]):
    A[:] = np.frobnicate(A)


@dace.program
def undefined(A: dace.float64[N]):
    A[:] = C + 1
