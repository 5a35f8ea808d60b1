# Writes bool_or_wcr.sdfg (DaCe 1.0.2) and its inputs: a parallel map ORs
# bools into one element through a write-conflict resolution.
import dace, numpy as np
N = dace.symbol('N')
@dace.program
def bool_or_wcr(A: dace.bool[N], out: dace.bool[1]):
    for i in dace.map[0:N]:
        with dace.tasklet:
            a << A[i]
            o >> out(1, lambda x, y: x or y)[0]
            o = a
sdfg = bool_or_wcr.to_sdfg(simplify=True)
sdfg.save('bool_or_wcr.sdfg')
A = np.zeros(1000, dtype=np.bool_); A[777] = True
out = np.zeros(1, dtype=np.bool_)
np.savez('bool_or_wcr.npz', A=A, out=out)
np.savez('bool_or_wcr_expected.npz', out=np.array([True]))
A2 = np.zeros(1000, dtype=np.bool_)
np.savez('none.npz', A=A2, out=np.zeros(1, dtype=np.bool_))
np.savez('none_expected.npz', out=np.array([False]))
