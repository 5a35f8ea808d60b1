"""Writes the library-node programs of test/Run/blas-extra.test to blasx/:
<name>.sdfg (the node as DaCe writes it, not expanded) and <name>.npz
(`in.X` inputs, `out.X` NumPy results). Run with DaCe 1.0.2's Python."""
import os
import numpy as np
import dace
from dace.libraries import blas
from dace.libraries.blas.nodes.matmul import MatMul

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
