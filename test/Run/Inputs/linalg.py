# Programs with DaCe's linalg library nodes (np.linalg.solve with a matrix and
# a vector right-hand side, inv, cholesky) and NumPy's results, for
# linalg.test. Writes Inputs/linalg/{f64,c128}.{frontend,simplified,lapack,vector}.sdfgz
# and {f64,c128}.npz; `lapack` holds the Getrf/Getrs/Getri/Potrf nodes that
# DaCe's OpenBLAS expansion of the linalg nodes makes. Also singular.npz
# (a singular A), indefinite.npz (an S that is not positive definite) and
# c64.lapack.sdfgz (complex64, LAPACK nodes); map.sdfgz and map.npz (Solve
# inside a parallel map).
# Run: .venv/bin/python test/Run/Inputs/linalg.py
import copy
import os
import numpy as np
import dace
from dace.sdfg import nodes

N = dace.symbol('N')
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'linalg')


def program(name, T):
    @dace.program
    def prog(A: T[N, N], B: T[N, 3], S: T[N, N], X: T[N, 3], Ainv: T[N, N], L: T[N, N]):
        X[:] = np.linalg.solve(A, B)
        Ainv[:] = np.linalg.inv(A)
        L[:] = np.linalg.cholesky(S)
    sdfg = prog.to_sdfg(simplify=False)
    sdfg.name = name
    return sdfg


def vector_program(name, T):
    # DaCe's Solve.validate fails on a vector right-hand side (it reads a
    # second dimension), so this one is only saved as the frontend wrote it.
    @dace.program
    def prog(A: T[N, N], b: T[N], x: T[N]):
        x[:] = np.linalg.solve(A, b)
    sdfg = prog.to_sdfg(simplify=False)
    sdfg.name = name
    return sdfg


def lapack(sdfg):
    # One level of DaCe's OpenBLAS expansion: the linalg nodes become nested
    # SDFGs of LAPACK nodes.
    sdfg = copy.deepcopy(sdfg)
    for state in sdfg.states():
        for n in list(state.nodes()):
            if isinstance(n, nodes.LibraryNode) and 'linalg' in type(n).__module__:
                n.implementation = 'OpenBLAS'
                n.expand(sdfg, state)
    return sdfg


def data(np_t, rng, n=5):
    def mat(*shape):
        m = rng.standard_normal(shape)
        if np.dtype(np_t).kind == 'c':
            m = m + 1j * rng.standard_normal(shape)
        return m.astype(np_t)
    A, B, b, M = mat(n, n), mat(n, 3), mat(n), mat(n, n)
    S = (M @ M.conj().T + n * np.eye(n)).astype(np_t)
    z = lambda *s: np.zeros(s, dtype=np_t)
    ins = {'A': A, 'B': B, 'b': b, 'S': S, 'X': z(n, 3), 'x': z(n), 'Ainv': z(n, n), 'L': z(n, n)}
    outs = {'X': np.linalg.solve(A, B), 'x': np.linalg.solve(A, b), 'Ainv': np.linalg.inv(A), 'L': np.linalg.cholesky(S)}
    return {**{'in.' + k: v for k, v in ins.items()}, **{'out.' + k: v.astype(np_t) for k, v in outs.items()}}


rng = np.random.default_rng(11)
for tag, T, np_t in [('f64', dace.float64, np.float64), ('c128', dace.complex128, np.complex128),
                     ('c64', dace.complex64, np.complex64)]:
    sdfg = program('linalg_' + tag, T)
    if tag != 'c64':
        sdfg.save(os.path.join(OUT, tag + '.frontend.sdfgz'), compress=True)
        vector_program('solve_vector_' + tag, T).save(os.path.join(OUT, tag + '.vector.sdfgz'), compress=True)
    simplified = copy.deepcopy(sdfg)
    simplified.simplify()
    if tag != 'c64':
        simplified.save(os.path.join(OUT, tag + '.simplified.sdfgz'), compress=True)
    expanded = lapack(simplified)
    expanded.validate()
    expanded.save(os.path.join(OUT, tag + '.lapack.sdfgz'), compress=True)
    np.savez(os.path.join(OUT, tag + '.npz'), **data(np_t, rng))

# A singular A (a zero column): LAPACK's info is 3, NumPy raises LinAlgError.
d = data(np.float64, rng)
d['in.A'][:, 2] = 0.0
np.savez(os.path.join(OUT, 'singular.npz'), **{k: v for k, v in d.items() if k.startswith('in.')})
# An S that is not positive definite: NumPy's cholesky raises LinAlgError.
d = data(np.float64, rng)
d['in.S'][3, 3] = -1.0
np.savez(os.path.join(OUT, 'indefinite.npz'), **{k: v for k, v in d.items() if k.startswith('in.')})

# Solve inside a parallel map (one system per map iteration).
K = dace.symbol('K')


@dace.program
def batched_solve(A: dace.complex128[K, N, N], B: dace.complex128[K, N, 2], X: dace.complex128[K, N, 2]):
    for k in dace.map[0:K]:
        X[k] = np.linalg.solve(A[k], B[k])


batched_solve.to_sdfg(simplify=True).save(os.path.join(OUT, 'map.sdfgz'), compress=True)
A = rng.standard_normal((4, 5, 5)) + 1j * rng.standard_normal((4, 5, 5))
B = rng.standard_normal((4, 5, 2)) + 1j * rng.standard_normal((4, 5, 2))
np.savez(os.path.join(OUT, 'map.npz'), **{'in.A': A, 'in.B': B, 'in.X': np.zeros_like(B), 'out.X': np.linalg.solve(A, B)})
