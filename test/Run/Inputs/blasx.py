"""Writes the library-node programs of test/Run/blas-extra.test to blasx/:
<name>.sdfg (the node as DaCe writes it, not expanded) and <name>.npz
(`in.X` inputs, `out.X` NumPy results). Run with DaCe 1.0.2's Python."""
import os
import numpy as np
import dace
from dace.libraries import blas
from dace.libraries.blas.nodes.matmul import MatMul
from dace.libraries.linalg import TensorDot

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'blasx')
rng = np.random.default_rng(7)


def save(name, sdfg, inputs, outputs):
    sdfg.save(os.path.join(OUT, name + '.sdfg'))
    d = {'in.' + k: v for k, v in inputs.items()}
    d.update({'out.' + k: v for k, v in outputs.items()})
    np.savez(os.path.join(OUT, name + '.npz'), **d)


def library_state(name, arrays, node, ins, outs):
    """One state: access nodes -> node -> access nodes, whole arrays."""
    sdfg = dace.SDFG(name)
    for arr, (shape, dtype) in arrays.items():
        sdfg.add_array(arr, shape, dtype)
    st = sdfg.add_state()
    st.add_node(node)
    for conn, arr in ins.items():
        st.add_edge(st.add_read(arr), None, node, conn, dace.Memlet.from_array(arr, sdfg.arrays[arr]))
    for conn, arr in outs.items():
        st.add_edge(node, conn, st.add_write(arr), None, dace.Memlet.from_array(arr, sdfg.arrays[arr]))
    return sdfg


f64 = dace.float64
x, y, A = rng.random(4), rng.random(3), rng.random((4, 3))
ger = blas.Ger('ger', alpha=2.5)
save('ger', library_state('ger', {'x': ([4], f64), 'y': ([3], f64), 'A': ([4, 3], f64), 'R': ([4, 3], f64)}, ger,
                          {'_x': 'x', '_y': 'y', '_A': 'A'}, {'_res': 'R'}),
     dict(x=x, y=y, A=A, R=np.zeros((4, 3))), dict(R=2.5 * np.outer(x, y) + A))

u, v = rng.random(5), rng.random(5)
axpy = blas.Axpy('axpy', a=dace.symbolic.pystr_to_symbolic('0.5'), n=5)
save('axpy', library_state('axpy', {'u': ([5], f64), 'v': ([5], f64), 'w': ([5], f64)}, axpy,
                           {'_x': 'u', '_y': 'v'}, {'_res': 'w'}),
     dict(u=u, v=v, w=np.zeros(5)), dict(w=0.5 * u + v))


def batched(name, a_shape, b_shape):
    @dace.program
    def prog(A: dace.float64[a_shape], B: dace.float64[b_shape]):
        return A @ B

    sdfg = prog.to_sdfg(simplify=False)
    # DaCe's MatMul specializes a 3-D product to BatchedMatMul.
    for node, state in sdfg.all_nodes_recursive():
        if isinstance(node, MatMul):
            node.expand(sdfg, state)
    sdfg.name = name
    a, b = rng.random(a_shape), rng.random(b_shape)
    save(name, sdfg, dict(A=a, B=b), dict(__return=a @ b))


batched('bmm', (2, 3, 4), (2, 4, 5))
batched('bmm_broadcast', (4, 5), (3, 5, 2))


@dace.program
def tensordot(A: dace.float64[3, 4, 5], B: dace.float64[5, 4, 2]):
    return np.tensordot(A, B, axes=([1, 2], [1, 0]))


a, b = rng.random((3, 4, 5)), rng.random((5, 4, 2))
save('tensordot', tensordot.to_sdfg(simplify=False), dict(A=a, B=b),
     dict(__return=np.tensordot(a, b, axes=([1, 2], [1, 0]))))

ein = blas.Einsum('einsum')
ein.einsum_str = 'bij,jk,k->bi'
ein.alpha = 2
for c in ('_a', '_b', '_c'):
    ein.add_in_connector(c)
ein.add_out_connector('_out')
a, b, c = rng.random((2, 3, 4)), rng.random((4, 5)), rng.random(5)
save('einsum', library_state('einsum', {'A': ([2, 3, 4], f64), 'B': ([4, 5], f64), 'C': ([5], f64), 'R': ([2, 3], f64)},
                             ein, {'_a': 'A', '_b': 'B', '_c': 'C'}, {'_out': 'R'}),
     dict(A=a, B=b, C=c, R=np.zeros((2, 3))), dict(R=2 * np.einsum('bij,jk,k->bi', a, b, c)))


@dace.program
def fft(X: dace.complex128[8]):
    return np.fft.fft(X)


@dace.program
def ifft(X: dace.complex128[8]):
    return np.fft.ifft(X)


z = rng.random(8) + 1j * rng.random(8)
save('fft', fft.to_sdfg(simplify=False), dict(X=z), dict(__return=np.fft.fft(z)))
save('ifft', ifft.to_sdfg(simplify=False), dict(X=z), dict(__return=np.fft.ifft(z)))


@dace.program
def fft_real(X: dace.float64[6]):
    return np.fft.fft(X)


@dace.program
def ifft_ortho(X: dace.complex128[6]):
    return np.fft.ifft(X, norm='ortho')


r, z = rng.random(6), rng.random(6) + 1j * rng.random(6)
save('fft_real', fft_real.to_sdfg(simplify=False), dict(X=r), dict(__return=np.fft.fft(r)))
save('ifft_ortho', ifft_ortho.to_sdfg(simplify=False), dict(X=z), dict(__return=np.fft.ifft(z, norm='ortho')))

# float32 takes cblas_s*.
f32 = dace.float32
u, v = rng.random(5).astype(np.float32), rng.random(5).astype(np.float32)
axpy = blas.Axpy('axpy', a=dace.symbolic.pystr_to_symbolic('-2'), n=5)
save('axpy32', library_state('axpy32', {'u': ([5], f32), 'v': ([5], f32)}, axpy, {'_x': 'u', '_y': 'v'}, {'_res': 'v'}),
     dict(u=u, v=v), dict(v=-2 * u + v))

# TensorDot with an output permutation, as DaCe's TensorDot node allows.
td = TensorDot('_TensorDot_', left_axes=[0], right_axes=[1], permutation=[2, 0, 1])
a, b = rng.random((3, 4)), rng.random((2, 3, 5))
save('tensordot_perm', library_state('tensordot_perm', {'A': ([3, 4], f64), 'B': ([2, 3, 5], f64), 'R': ([5, 4, 2], f64)},
                                     td, {'_left_tensor': 'A', '_right_tensor': 'B'}, {'_out_tensor': 'R'}),
     dict(A=a, B=b, R=np.zeros((5, 4, 2))), dict(R=np.tensordot(a, b, axes=([0], [1])).transpose(2, 0, 1)))

# Implicit output ('ji,jk' is 'ik') and beta: the product is added to 3 * R.
ein = blas.Einsum('einsum')
ein.einsum_str = 'ji,jk'
ein.beta = 3
for c in ('_x', '_y'):
    ein.add_in_connector(c)
ein.add_out_connector('_out')
a, b, r = rng.random((4, 3)), rng.random((4, 2)), rng.random((3, 2))
save('einsum_implicit', library_state('einsum_implicit', {'A': ([4, 3], f64), 'B': ([4, 2], f64), 'R': ([3, 2], f64)},
                                      ein, {'_x': 'A', '_y': 'B'}, {'_out': 'R'}),
     dict(A=a, B=b, R=r), dict(R=np.einsum('ji,jk', a, b) + 3 * r))

# Ger in place on A, x a strided column of X: cblas_dger with incx = 3.
sdfg = dace.SDFG('ger_inplace')
sdfg.add_array('X', [4, 3], f64)
sdfg.add_array('y', [3], f64)
sdfg.add_array('A', [4, 3], f64)
st = sdfg.add_state()
ger = blas.Ger('ger', alpha=-1)
st.add_node(ger)
st.add_edge(st.add_read('X'), None, ger, '_x', dace.Memlet('X[0:4, 1]'))
st.add_edge(st.add_read('y'), None, ger, '_y', dace.Memlet('y[0:3]'))
st.add_edge(st.add_read('A'), None, ger, '_A', dace.Memlet('A[0:4, 0:3]'))
st.add_edge(ger, '_res', st.add_write('A'), None, dace.Memlet('A[0:4, 0:3]'))
X, y, A = rng.random((4, 3)), rng.random(3), rng.random((4, 3))
save('ger_inplace', sdfg, dict(X=X, y=y, A=A), dict(A=A - np.outer(X[:, 1], y)))
