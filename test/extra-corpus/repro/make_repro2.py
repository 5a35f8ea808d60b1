"""Minimal reproducers for the failures found by the second batch of the extra corpus (programs 41+).
Writes repro/<name>.<variant>.sdfg + <name>.npz.  Run: PATH=../../../.venv/bin:$PATH python make_repro2.py"""
import os
import numpy as np
import dace
from dace.transformation.auto.auto_optimize import auto_optimize

HERE = os.path.dirname(os.path.abspath(__file__))
N = dace.symbol('N')
M = dace.symbol('M')


# 1. write through a chain of views (view of a view): frontend variant (simplify=False)
@dace.program
def r_view_chain_write(C: dace.float64[N, M], B: dace.float64[N, M]):
    V = C[1:, :]
    W = V[:, 1:]
    W[:] = B[1:, 1:]


# 1b. read through a chain of views (control: expected to pass)
@dace.program
def r_view_chain_read(C: dace.float64[N, M], B: dace.float64[N, M]):
    V = C[1:, :]
    W = V[:, 1:]
    B[1:, 1:] = W


# 2. nested SDFG whose arg_names lists a name that is no longer a container (dace renames 'x')
@dace.program
def _r_axpy(a: dace.float64[M], x: dace.float64[M], y: dace.float64[M]):
    y[:] = y + a * x


@dace.program
def r_nested_stale_argnames(A: dace.float64[N, M], x: dace.float64[M], Y: dace.float64[N, M]):
    for i in dace.map[0:N]:
        _r_axpy(A[i], x, Y[i])


# 3. autoopt: scalar transient written into an array through a map exit (memlet data = scalar,
#    other_subset = array index)
@dace.program
def r_scalar_to_exit(A: dace.int32[N], B: dace.float64[N], I: dace.int32[N]):
    B[:] = A.astype(np.float64) * 0.5
    I[:] = B.astype(np.int32)


# 4. np.transpose with axes on 3-D -> TensorTranspose library node
@dace.program
def r_ttranspose(A: dace.float64[2, 3, 4]):
    return np.transpose(A, (1, 2, 0))


# 5. np.argmax with axis -> struct-typed transient _val_and_idx
@dace.program
def r_argmax(A: dace.float64[3, 4], ia: dace.int64[3]):
    ia[:] = np.argmax(A, axis=1)


def save(name, prog, variant, inputs, outputs):
    s = prog.to_sdfg(simplify=(variant != 'frontend'))
    if variant == 'autoopt':
        auto_optimize(s, dace.DeviceType.CPU)
    s.save(os.path.join(HERE, '%s.%s.sdfg' % (name, variant)))
    d = {'in.' + k: v for k, v in inputs.items()}
    d.update({'out.' + k: np.ascontiguousarray(v) for k, v in outputs.items()})
    np.savez(os.path.join(HERE, name + '.npz'), **d)


C = np.arange(12.).reshape(3, 4)
B = 100 + np.arange(12.).reshape(3, 4)
Ce = C.copy(); Ce[1:, 1:] = B[1:, 1:]
save('r_view_chain_write', r_view_chain_write, 'frontend', dict(C=C, B=B), dict(C=Ce))
Be = B.copy(); Be[1:, 1:] = C[1:, 1:]
save('r_view_chain_read', r_view_chain_read, 'frontend', dict(C=C, B=B), dict(B=Be))
A = np.arange(6.).reshape(2, 3); x = np.array([1., 2., 3.]); Y = np.ones((2, 3))
save('r_nested_stale_argnames', r_nested_stale_argnames, 'frontend', dict(A=A, x=x, Y=Y), dict(Y=Y + A * x))
a = np.array([1, 2, 3, 4], np.int32)
save('r_scalar_to_exit', r_scalar_to_exit, 'autoopt', dict(A=a, B=np.zeros(4), I=np.zeros(4, np.int32)),
     dict(B=a * 0.5, I=(a * 0.5).astype(np.int32)))
T = np.arange(24.).reshape(2, 3, 4)
save('r_ttranspose', r_ttranspose, 'simplified', dict(A=T), dict(__return=np.transpose(T, (1, 2, 0))))
Am = np.array([[1., 5., 2., 0.], [9., 1., 1., 2.], [0., 0., 3., 4.]])
save('r_argmax', r_argmax, 'simplified', dict(A=Am, ia=np.zeros(3, np.int64)), dict(ia=np.argmax(Am, axis=1)))


# 6. complex128 sum-WCR in a parallel map: nondeterministic result (race)
@dace.program
def r_complex_wcr(Z: dace.complex128[N], s: dace.complex128[1]):
    for i in dace.map[0:N]:
        s[0] += Z[i]


# 6b. control: same with float64
@dace.program
def r_float_wcr(Z: dace.float64[N], s: dace.float64[1]):
    for i in dace.map[0:N]:
        s[0] += Z[i]


_rng = np.random.default_rng(0)
Zc = (_rng.uniform(-1, 1, 1 << 17) + 1j * _rng.uniform(-1, 1, 1 << 17)).astype(np.complex128)
save('r_complex_wcr', r_complex_wcr, 'simplified', dict(Z=Zc, s=np.zeros(1, np.complex128)), dict(s=np.array([Zc.sum()])))
Zf = _rng.uniform(-1, 1, 1 << 17)
save('r_float_wcr', r_float_wcr, 'simplified', dict(Z=Zf, s=np.zeros(1)), dict(s=np.array([Zf.sum()])))


# 6c. the same race at tiny size: np.sum of a complex product after auto_optimize (Reduce expansion
#     with a CPU_Multicore WCR map); fails in roughly half of the runs on a 2-core machine
@dace.program
def r_complex_sum(Z: dace.complex128[N], W: dace.complex128[N]):
    return np.sum(Z * W)


Zs = _rng.uniform(-1, 1, 6) + 1j * _rng.uniform(-1, 1, 6)
Ws = _rng.uniform(-1, 1, 6) + 1j * _rng.uniform(-1, 1, 6)
save('r_complex_sum', r_complex_sum, 'autoopt', dict(Z=Zs, W=Ws), dict(__return=np.array([np.sum(Zs * Ws)])))
