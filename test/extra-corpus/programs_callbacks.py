"""NumPy functions DaCe 1.0.2 leaves to Python callbacks (registered into programs.PROGRAMS).

sdfg-run implements these natively (lowering/callback_plan.rs); cb_random must be refused
(see unsupported.txt). DaCe itself cannot run the saved files without the Python functions, so
the expected outputs come from NumPy only (generate.py --no-dace-run).
"""
import numpy as np
import dace

from programs import reg, f32, f64, N, M

# 1 ------------------------------------------------------------------------------------------
@reg('cb_scan_prod', dict(N=9),
     lambda r: dict(A=f64(r, 9, lo=0.5, hi=1.5), C=r.integers(-50, 50, 9).astype(np.int32),
                    B=np.zeros(9), D=np.zeros(9, np.int64), p=np.zeros(1), q=np.zeros(1, np.int64)),
     lambda a, s: dict(B=np.cumsum(a['A']), D=np.cumsum(a['C']), p=np.array([np.prod(a['A'])]),
                       q=np.array([np.prod(a['C'][:4])])),
     'np.cumsum and np.prod callbacks (float64 and int32, accumulated in int64)')
@dace.program
def cb_scan_prod(A: dace.float64[N], C: dace.int32[N], B: dace.float64[N], D: dace.int64[N], p: dace.float64[1],
                 q: dace.int64[1]):
    B[:] = np.cumsum(A)
    D[:] = np.cumsum(C)
    p[0] = np.prod(A)
    q[0] = np.prod(C[0:4])


# 2 ------------------------------------------------------------------------------------------
@reg('cb_stats', dict(N=7, M=4),
     lambda r: dict(A=f64(r, 7, lo=-2, hi=3), X=f32(r, 7, 4), out=np.zeros(5), g=np.zeros(3, np.float32)),
     lambda a, s: dict(out=np.array([np.std(a['A']), np.var(a['A']), np.median(a['A']), np.linalg.norm(a['A']),
                                     np.median(a['A'][:6])]),
                       g=np.array([np.std(a['X']), np.linalg.norm(a['X']), np.median(a['X'])], np.float32)),
     'np.std, np.var, np.median (odd and even counts), np.linalg.norm (vector, Frobenius) callbacks')
@dace.program
def cb_stats(A: dace.float64[N], X: dace.float32[N, M], out: dace.float64[5], g: dace.float32[3]):
    out[0] = np.std(A)
    out[1] = np.var(A)
    out[2] = np.median(A)
    out[3] = np.linalg.norm(A)
    out[4] = np.median(A[0:6])
    g[0] = np.std(X)
    g[1] = np.linalg.norm(X)
    g[2] = np.median(X)


# 3 ------------------------------------------------------------------------------------------
@reg('cb_any_all', dict(N=6),
     lambda r: dict(A=f64(r, 6), t=np.float64(0.5), flags=np.zeros(4, np.bool_)),
     lambda a, s: dict(flags=np.array([np.any(a['A'] > a['t']), np.all(a['A'] > a['t']), np.all(a['A'] >= 0.0),
                                       np.any(a['A'] > 2.0)])),
     'np.any and np.all callbacks on comparison results')
@dace.program
def cb_any_all(A: dace.float64[N], t: dace.float64, flags: dace.bool_[4]):
    flags[0] = np.any(A > t)
    flags[1] = np.all(A > t)
    flags[2] = np.all(A >= 0.0)
    flags[3] = np.any(A > 2.0)


# 4 ------------------------------------------------------------------------------------------
@reg('cb_sort', dict(N=11),
     lambda r: dict(A=r.permutation(11).astype(np.float64) * 0.5 - 2.0, S=np.zeros(11), I=np.zeros(11, np.int64)),
     lambda a, s: dict(S=np.sort(a['A']), I=np.argsort(a['A'])),
     'np.sort and np.argsort callbacks (distinct values)')
@dace.program
def cb_sort(A: dace.float64[N], S: dace.float64[N], I: dace.int64[N]):
    S[:] = np.sort(A)
    I[:] = np.argsort(A)


# 5 ------------------------------------------------------------------------------------------
@reg('cb_outer_clip', dict(N=5, M=3),
     lambda r: dict(a=f64(r, 5), b=f64(r, 3, lo=-1, hi=1), A=f64(r, 5, lo=-1, hi=2), lo=np.float64(0.1),
                    hi=np.float64(0.9), O=np.zeros((5, 3)), C=np.zeros(5)),
     lambda a, s: dict(O=np.outer(a['a'], a['b']), C=np.clip(a['A'], a['lo'], a['hi'])),
     'np.outer and np.clip (bounds given as scalar arguments) callbacks')
@dace.program
def cb_outer_clip(a: dace.float64[N], b: dace.float64[M], A: dace.float64[N], lo: dace.float64, hi: dace.float64,
                  O: dace.float64[N, M], C: dace.float64[N]):
    O[:] = np.outer(a, b)
    C[:] = np.clip(A, lo, hi)


# 6 ------------------------------------------------------------------------------------------
@reg('cb_random', dict(N=4),
     lambda r: dict(B=np.zeros(4)),
     lambda a, s: dict(),
     'np.random.rand callback: refused (the generator state is not in the SDFG)')
@dace.program
def cb_random(B: dace.float64[N]):
    B[:] = np.random.rand(N)


# 7 ------------------------------------------------------------------------------------------
@reg('cb_clip_const', dict(N=4),
     lambda r: dict(A=f64(r, 4, lo=-1, hi=2), B=np.zeros(4)),
     lambda a, s: dict(B=np.clip(a['A'], 0.0, 1.0)),
     'np.clip with literal bounds: refused (DaCe keeps the bounds in the Python closure)')
@dace.program
def cb_clip_const(A: dace.float64[N], B: dace.float64[N]):
    B[:] = np.clip(A, 0.0, 1.0)


# 8 ------------------------------------------------------------------------------------------
@reg('cb_std_axis', dict(N=3, M=4),
     lambda r: dict(A=f64(r, 3, 4), B=np.zeros(4)),
     lambda a, s: dict(B=np.std(a['A'], axis=0)),
     'np.std along an axis: refused (the axis is not in the SDFG)')
@dace.program
def cb_std_axis(A: dace.float64[N, M], B: dace.float64[M]):
    B[:] = np.std(A, axis=0)


# 9 ------------------------------------------------------------------------------------------
@dace.program
def _sorted_into(A: dace.float64[N], B: dace.float64[N]):
    B[:] = np.sort(A)


def _nested_ref(a, s):
    for _ in range(2):
        a['B'][:] = np.sort(a['A'])
        a['A'][:] = a['B'] * 2.0
    return dict()


@reg('cb_nested', dict(N=8),
     lambda r: dict(A=f64(r, 8, lo=-1, hi=1), B=np.zeros(8)),
     _nested_ref,
     'np.sort callback inside a nested SDFG called in a loop (the callback is mapped by name)')
@dace.program
def cb_nested(A: dace.float64[N], B: dace.float64[N]):
    for i in range(2):
        _sorted_into(A, B)
        A[:] = B * 2.0
