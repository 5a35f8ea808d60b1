"""Minimal reproducers for the failures found by the extra corpus. Writes repro/<name>.<variant>.sdfg + .npz."""
import os, sys
import numpy as np
import dace
from dace.transformation.auto.auto_optimize import auto_optimize

HERE = os.path.dirname(os.path.abspath(__file__))
N = dace.symbol('N')
M = dace.symbol('M')


@dace.program
def r_arange(B: dace.int64[N]):
    B[:] = np.arange(N)


@dace.program
def r_float_symbol(A: dace.float64[N], B: dace.float64[N]):
    if A[0] > 0.5:
        B[0] = 1.0


@dace.program
def r_int_max(A: dace.int64[N], m: dace.int64[1]):
    m[0] = np.max(A)


@dace.program
def r_batched(A: dace.float64[2, 2, 3], B: dace.float64[2, 3, 2]):
    return A @ B


@dace.program
def r_dynrange(ptr: dace.int32[M + 1], col: dace.int32[N], w: dace.float64[N], v: dace.float64[N], y: dace.float64[M]):
    for i in dace.map[0:M]:
        for j in range(ptr[i], ptr[i + 1]):
            y[i] += w[j] * v[col[j]]


def save(name, prog, variant, inputs, outputs):
    s = prog.to_sdfg()
    if variant == 'autoopt':
        auto_optimize(s, dace.DeviceType.CPU)
    s.save(os.path.join(HERE, '%s.%s.sdfg' % (name, variant)))
    d = {'in.' + k: v for k, v in inputs.items()}
    d.update({'out.' + k: v for k, v in outputs.items()})
    np.savez(os.path.join(HERE, name + '.npz'), **d)


A = np.array([0.9, 0.1, 0.2])
save('r_arange', r_arange, 'simplified', dict(B=np.zeros(4, np.int64)), dict(B=np.arange(4)))
save('r_float_symbol', r_float_symbol, 'simplified', dict(A=A, B=np.zeros(3)), dict(B=np.array([1.0, 0, 0])))
save('r_int_max', r_int_max, 'autoopt', dict(A=np.array([3, -5, 7], np.int64), m=np.zeros(1, np.int64)),
     dict(m=np.array([7], np.int64)))
a = np.arange(12.).reshape(2, 2, 3); b = np.arange(12.).reshape(2, 3, 2)
save('r_batched', r_batched, 'simplified', dict(A=a, B=b), dict(__return=a @ b))
save('r_dynrange', r_dynrange, 'autoopt', dict(ptr=np.array([0, 2, 5], np.int32), col=np.array([4, 3, 2, 1, 0], np.int32), w=np.full(5, 2.0), v=np.arange(5.), y=np.zeros(2)),
     dict(y=np.array([14.0, 6.0])))
