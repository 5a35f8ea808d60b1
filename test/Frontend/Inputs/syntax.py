import dace

@dace.program
def f(A: dace.float64[10]):
    A[:] = (1 +
