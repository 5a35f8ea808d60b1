# A mask computed by one map, read element-wise by the next map and, after
# simplify promotes the `if` test to an interstate assignment, by control
# flow (`__cond = I[j]`): the maps must not fuse away the mask.
import dace as dc
import numpy as np

N = dc.symbol('N', dtype=dc.int64)


@dc.program
def masked(A: dc.float64[N], B: dc.float64[N]):
    I = np.less(A, 0.5)
    B[:] = np.where(I, 1.0, B)
    for j in range(N):
        if I[j]:
            A[j] = 0.0
