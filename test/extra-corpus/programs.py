"""Extra test programs for sdfg-mlir (not copies of the reference corpus).

Each entry of PROGRAMS: name -> dict(prog=dace program, symbols=dict, inputs=fn(rng)->dict,
ref=fn(dict of input copies, symbols)->dict of expected outputs (mutated args + __return*) or None
(then dace's own run of the simplified variant is the reference), desc=str).
"""
import numpy as np
import dace

N = dace.symbol('N')
M = dace.symbol('M')
K = dace.symbol('K')
T = dace.symbol('T')
BINS = dace.symbol('BINS')
NNZ = dace.symbol('NNZ')

PROGRAMS = {}


def reg(name, symbols, inputs, ref=None, desc='', cfg=True):
    def deco(prog):
        PROGRAMS[name] = dict(prog=prog, symbols=symbols, inputs=inputs, ref=ref, desc=desc, cfg=cfg)
        return prog
    return deco


def f32(rng, *shape, lo=0.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float32)


def f64(rng, *shape, lo=0.0, hi=1.0):
    return rng.uniform(lo, hi, size=shape).astype(np.float64)


# 1 ------------------------------------------------------------------------------------------
@reg('ew_math_f32', dict(N=7),
     lambda r: dict(A=f32(r, 7, lo=-2, hi=2), B=f32(r, 7, lo=-3, hi=3)),
     lambda a, s: dict(__return=(np.exp(a['A']) * np.float32(0.5) + np.sqrt(np.abs(a['B']))
                                 + np.maximum(a['A'], a['B']) - np.minimum(a['A'], np.float32(0.25))).astype(np.float32)),
     'float32 elementwise exp/sqrt/abs/maximum/minimum')
@dace.program
def ew_math_f32(A: dace.float32[N], B: dace.float32[N]):
    return np.exp(A) * dace.float32(0.5) + np.sqrt(np.abs(B)) + np.maximum(A, B) - np.minimum(A, dace.float32(0.25))


# 2 ------------------------------------------------------------------------------------------
@reg('where_mask', dict(N=5, M=6),
     lambda r: dict(A=f64(r, 5, 6), t=np.float64(0.4), mask=np.zeros((5, 6), np.bool_)),
     lambda a, s: dict(mask=a['A'] > a['t'], __return=np.where(a['A'] > a['t'], a['A'], -1.0)),
     'np.where with scalar threshold, bool mask output')
@dace.program
def where_mask(A: dace.float64[N, M], t: dace.float64, mask: dace.bool_[N, M]):
    mask[:] = A > t
    return np.where(A > t, A, -1.0)


# 3 ------------------------------------------------------------------------------------------
@reg('int_divmod', dict(N=8),
     lambda r: dict(A=r.integers(0, 100, 8).astype(np.int64), B=r.integers(1, 9, 8).astype(np.int64),
                    Q=np.zeros(8, np.int64), R=np.zeros(8, np.int64)),
     lambda a, s: dict(Q=a['A'] // a['B'], R=a['A'] % a['B']),
     'int64 // and % with non-negative operands')
@dace.program
def int_divmod(A: dace.int64[N], B: dace.int64[N], Q: dace.int64[N], R: dace.int64[N]):
    Q[:] = A // B
    R[:] = A % B


# 4 ------------------------------------------------------------------------------------------
@reg('int_divmod_neg', dict(N=8),
     lambda r: dict(A=np.array([-7, 7, -7, 7, -1, 0, -9, 13], np.int64),
                    B=np.array([2, -2, -2, 2, 3, -5, 4, -4], np.int64),
                    Q=np.zeros(8, np.int64), R=np.zeros(8, np.int64)),
     None,
     'int64 // and % with negative operands (reference = dace run)')
@dace.program
def int_divmod_neg(A: dace.int64[N], B: dace.int64[N], Q: dace.int64[N], R: dace.int64[N]):
    for i in range(N):
        Q[i] = A[i] // B[i]
        R[i] = A[i] % B[i]


# 5 ------------------------------------------------------------------------------------------
@reg('complex_arith', dict(N=6),
     lambda r: dict(A=(f64(r, 6) + 1j * f64(r, 6)).astype(np.complex128),
                    B=(f64(r, 6) + 1j * f64(r, 6)).astype(np.complex128),
                    C=np.zeros(6, np.complex128)),
     lambda a, s: dict(C=a['A'] * a['B'] + a['A'] - a['B'] / (a['A'] + 2.0)),
     'complex128 arithmetic')
@dace.program
def complex_arith(A: dace.complex128[N], B: dace.complex128[N], C: dace.complex128[N]):
    C[:] = A * B + A - B / (A + 2.0)


# 6 ------------------------------------------------------------------------------------------
@reg('bool_logic', dict(N=8),
     lambda r: dict(A=r.integers(0, 2, 8).astype(np.bool_), B=r.integers(0, 2, 8).astype(np.bool_),
                    X=r.integers(0, 10, 8).astype(np.int64), C=np.zeros(8, np.bool_), D=np.zeros(8, np.int64)),
     lambda a, s: dict(C=np.logical_or(np.logical_and(a['A'], np.logical_not(a['B'])), a['X'] > 6),
                       D=np.where(a['A'], a['X'], 0)),
     'bool arrays: logical ops, bool-selected int64 values')
@dace.program
def bool_logic(A: dace.bool_[N], B: dace.bool_[N], X: dace.int64[N], C: dace.bool_[N], D: dace.int64[N]):
    C[:] = np.logical_or(np.logical_and(A, np.logical_not(B)), X > 6)
    D[:] = np.where(A, X, 0)


# 7 ------------------------------------------------------------------------------------------
def _aug_slice_ref(a, s):
    A, B = a['A'], a['B']
    A[1:-1] += B[:-2]
    A[2:] -= B[:-2] * 0.5
    A[:3] *= 2.0
    return dict(A=A)


@reg('aug_slice', dict(N=8),
     lambda r: dict(A=f64(r, 8), B=f64(r, 8)), _aug_slice_ref, 'augmented assignments on 1-D slices')
@dace.program
def aug_slice(A: dace.float64[N], B: dace.float64[N]):
    A[1:-1] += B[:-2]
    A[2:] -= B[:-2] * 0.5
    A[:3] *= 2.0


# 8 ------------------------------------------------------------------------------------------
def _slicing_2d_ref(a, s):
    A = a['A']
    col = A[:, 2].copy()
    A[1:4, ::1] *= 2.0
    return dict(A=A, c=col, __return=A[1:4, 1:3] + 1.0)


@reg('slicing_2d', dict(N=6, M=5),
     lambda r: dict(A=f64(r, 6, 5), c=np.zeros(6)), _slicing_2d_ref, '2-D column view, row-range slice, sub-block return')
@dace.program
def slicing_2d(A: dace.float64[N, M], c: dace.float64[N]):
    c[:] = A[:, 2]
    A[1:4, ::1] *= 2.0
    return A[1:4, 1:3] + 1.0


# 9 ------------------------------------------------------------------------------------------
@reg('slicing_3d', dict(N=4, M=3, K=5),
     lambda r: dict(A=f64(r, 4, 3, 5), out=np.zeros((3, 5)), v=np.zeros(4)),
     lambda a, s: dict(out=a['A'][1] + a['A'][2, :, :] * 2.0, v=a['A'][:, 1, 3] - a['A'][:, 2, 0]),
     '3-D slicing: planes and pencils')
@dace.program
def slicing_3d(A: dace.float64[N, M, K], out: dace.float64[M, K], v: dace.float64[N]):
    out[:] = A[1] + A[2, :, :] * 2.0
    v[:] = A[:, 1, 3] - A[:, 2, 0]


# 10 -----------------------------------------------------------------------------------------
@reg('transpose_add', dict(N=4, M=6),
     lambda r: dict(A=f64(r, 4, 6), B=f64(r, 6, 4)),
     lambda a, s: dict(__return=a['A'].T + a['B']),
     'A.T + B')
@dace.program
def transpose_add(A: dace.float64[N, M], B: dace.float64[M, N]):
    return A.T + B


# 11 -----------------------------------------------------------------------------------------
@reg('reductions', dict(N=5, M=7),
     lambda r: dict(A=f64(r, 5, 7, lo=-1), S0=np.zeros(7), S1=np.zeros(5), R=np.zeros(4)),
     lambda a, s: dict(S0=np.sum(a['A'], axis=0), S1=np.max(a['A'], axis=1),
                       R=np.array([np.sum(a['A']), np.max(a['A']), np.min(a['A']), np.mean(a['A'])])),
     'np.sum/max/min/mean, full and along an axis')
@dace.program
def reductions(A: dace.float64[N, M], S0: dace.float64[M], S1: dace.float64[N], R: dace.float64[4]):
    S0[:] = np.sum(A, axis=0)
    S1[:] = np.max(A, axis=1)
    R[0] = np.sum(A)
    R[1] = np.max(A)
    R[2] = np.min(A)
    R[3] = np.mean(A)


# 12 -----------------------------------------------------------------------------------------
@reg('reduce_tuple_return', dict(N=4, M=6),
     lambda r: dict(A=f32(r, 4, 6, lo=-1)),
     lambda a, s: dict(__return_0=np.min(a['A'], axis=0), __return_1=np.mean(a['A'], axis=1).astype(np.float32)),
     'tuple return of np.min(axis=0) and np.mean(axis=1) on float32')
@dace.program
def reduce_tuple_return(A: dace.float32[N, M]):
    return np.min(A, axis=0), np.mean(A, axis=1)


# 13 -----------------------------------------------------------------------------------------
@reg('matmul_shapes', dict(M=3, K=4, N=5),
     lambda r: dict(A=f64(r, 3, 4), B=f64(r, 4, 5), x=f64(r, 4), y=f64(r, 4),
                    C=np.zeros((3, 5)), v=np.zeros(3), w=np.zeros(5), d=np.zeros(1)),
     lambda a, s: dict(C=a['A'] @ a['B'], v=a['A'] @ a['x'], w=a['x'] @ a['B'], d=np.array([np.dot(a['x'], a['y'])])),
     'matmul (M,K)@(K,N), (M,K)@(K,), (K,)@(K,N), dot')
@dace.program
def matmul_shapes(A: dace.float64[M, K], B: dace.float64[K, N], x: dace.float64[K], y: dace.float64[K],
                  C: dace.float64[M, N], v: dace.float64[M], w: dace.float64[N], d: dace.float64[1]):
    C[:] = A @ B
    v[:] = A @ x
    w[:] = x @ B
    d[0] = np.dot(x, y)


# 14 -----------------------------------------------------------------------------------------
@reg('batched_matmul', dict(),
     lambda r: dict(A=f64(r, 2, 3, 4), B=f64(r, 2, 4, 5)),
     lambda a, s: dict(__return=a['A'] @ a['B']),
     'batched matmul (2,3,4)@(2,4,5)')
@dace.program
def batched_matmul(A: dace.float64[2, 3, 4], B: dace.float64[2, 4, 5]):
    return A @ B


# 15 -----------------------------------------------------------------------------------------
def _scalar_loop_ref(a, s):
    A = a['A']
    for t in range(s['T']):
        A[:] = A * a['alpha'] + t
    return dict(A=A)


@reg('scalar_symbol_loop', dict(N=6, T=4),
     lambda r: dict(A=f32(r, 6), alpha=np.float32(0.75)), _scalar_loop_ref,
     'float32 scalar argument and symbol-bounded time loop using the loop variable')
@dace.program
def scalar_symbol_loop(A: dace.float32[N], alpha: dace.float32):
    for t in range(T):
        A[:] = A * alpha + t


# 16 -----------------------------------------------------------------------------------------
def _nested_if_ref(a, s):
    A, B = a['A'], a['B']
    n, m = A.shape
    for i in range(n):
        for j in range(m):
            if A[i, j] > 0.7:
                B[i, j] = A[i, j] * 2.0
            elif A[i, j] > 0.3:
                B[i, j] = B[i, j] - A[i, j]
            else:
                if j > i:
                    B[i, j] = 0.0
    return dict(B=B)


@reg('nested_if_loops', dict(N=5, M=6),
     lambda r: dict(A=f64(r, 5, 6), B=f64(r, 5, 6)), _nested_if_ref,
     'nested for-loops with data-dependent if/elif/else and nested index if')
@dace.program
def nested_if_loops(A: dace.float64[N, M], B: dace.float64[N, M]):
    for i in range(N):
        for j in range(M):
            if A[i, j] > 0.7:
                B[i, j] = A[i, j] * 2.0
            elif A[i, j] > 0.3:
                B[i, j] = B[i, j] - A[i, j]
            else:
                if j > i:
                    B[i, j] = 0.0


# 17 -----------------------------------------------------------------------------------------
def _while_ref(a, s):
    A = a['A']
    i = 0
    acc = 0
    while acc < 25:
        acc += A[i]
        i += 1
    return dict(out=np.array([acc, i], np.int64))


@reg('while_accumulate', dict(N=8),
     lambda r: dict(A=np.array([3, 5, 1, 9, 4, 7, 2, 8], np.int64), out=np.zeros(2, np.int64)), _while_ref,
     'while loop on a scalar accumulated from data')
@dace.program
def while_accumulate(A: dace.int64[N], out: dace.int64[2]):
    i = 0
    acc = 0
    while acc < 25:
        acc += A[i]
        i += 1
    out[0] = acc
    out[1] = i


# 18 -----------------------------------------------------------------------------------------
def _break_continue_ref(a, s):
    A = a['A']
    cnt = 0
    tot = 0.0
    for i in range(A.shape[0]):
        if A[i] < 0.2:
            continue
        if A[i] > 0.9:
            break
        cnt += 1
        tot += A[i]
    return dict(res=np.array([tot, float(cnt)]))


@reg('break_continue_acc', dict(N=8),
     lambda r: dict(A=np.array([0.5, 0.1, 0.3, 0.15, 0.6, 0.95, 0.4, 0.7]), res=np.zeros(2)), _break_continue_ref,
     'for loop with continue and break, scalar accumulators')
@dace.program
def break_continue_acc(A: dace.float64[N], res: dace.float64[2]):
    cnt = 0
    tot = 0.0
    for i in range(N):
        if A[i] < 0.2:
            continue
        if A[i] > 0.9:
            break
        cnt += 1
        tot += A[i]
    res[0] = tot
    res[1] = cnt


# 19 -----------------------------------------------------------------------------------------
def _scan_ref(a, s):
    A, B = a['A'], a['B']
    acc = 0.0
    for i in range(A.shape[0]):
        acc = acc * 0.5 + A[i]
        B[i] = acc
    return dict(B=B)


@reg('scalar_recurrence', dict(N=7),
     lambda r: dict(A=f64(r, 7), B=np.zeros(7)), _scan_ref, 'scalar updated early in each loop iteration')
@dace.program
def scalar_recurrence(A: dace.float64[N], B: dace.float64[N]):
    acc = 0.0
    for i in range(N):
        acc = acc * 0.5 + A[i]
        B[i] = acc


# 20 -----------------------------------------------------------------------------------------
@reg('map_wcr_ops', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5, lo=0.5, hi=1.5), S=np.zeros(1), MX=np.full(1, -1e9), MN=np.full(1, 1e9),
                    P=np.ones(1)),
     lambda a, s: dict(S=np.array([a['A'].sum()]), MX=np.array([a['A'].max()]), MN=np.array([a['A'].min()]),
                       P=np.array([np.prod(a['A'])])),
     'explicit dace.map with WCR sum, max, min, product')
@dace.program
def map_wcr_ops(A: dace.float64[N, M], S: dace.float64[1], MX: dace.float64[1], MN: dace.float64[1],
                P: dace.float64[1]):
    for i, j in dace.map[0:N, 0:M]:
        with dace.tasklet:
            a << A[i, j]
            s >> S(1, lambda x, y: x + y)[0]
            mx >> MX(1, lambda x, y: max(x, y))[0]
            mn >> MN(1, lambda x, y: min(x, y))[0]
            p >> P(1, lambda x, y: x * y)[0]
            s = a
            mx = a
            mn = a
            p = a


# 21 -----------------------------------------------------------------------------------------
def _map_step_ref(a, s):
    A, B = a['A'], a['B']
    for i in range(1, A.shape[0] - 1, 2):
        B[i] = A[i - 1] + 2.0 * A[i + 1]
    return dict(B=B)


@reg('map_step_offset', dict(N=8),
     lambda r: dict(A=f64(r, 8), B=np.zeros(8)), _map_step_ref, 'dace.map with start offset and step 2')
@dace.program
def map_step_offset(A: dace.float64[N], B: dace.float64[N]):
    for i in dace.map[1:N - 1:2]:
        B[i] = A[i - 1] + 2.0 * A[i + 1]


# 22 -----------------------------------------------------------------------------------------
def _stencil_ref(a, s):
    A, B = a['A'], a['B']
    for t in range(s['T']):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[:-2, 1:-1] + B[2:, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:])
    return dict(A=A, B=B)


@reg('stencil_float32', dict(N=6, T=3),
     lambda r: dict(A=f32(r, 6, 6), B=f32(r, 6, 6)), _stencil_ref, '5-point jacobi stencil, float32, T steps')
@dace.program
def stencil_float32(A: dace.float32[N, N], B: dace.float32[N, N]):
    for t in range(T):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[:-2, 1:-1] + A[2:, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[:-2, 1:-1] + B[2:, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:])


# 23 -----------------------------------------------------------------------------------------
@reg('prefix_sum', dict(N=8),
     lambda r: dict(A=r.integers(0, 20, 8).astype(np.int64), P=np.zeros(8, np.int64)),
     lambda a, s: dict(P=np.cumsum(a['A'])), 'int64 inclusive prefix sum in a sequential loop')
@dace.program
def prefix_sum(A: dace.int64[N], P: dace.int64[N]):
    P[0] = A[0]
    for i in range(1, N):
        P[i] = P[i - 1] + A[i]


# 24 -----------------------------------------------------------------------------------------
@dace.program
def _inner_scale(X: dace.float64[N], f: dace.float64):
    X[:] = X * f + 1.0


@dace.program
def _inner_sum(X: dace.float64[N]):
    return np.sum(X)


def _nested_ref(a, s):
    A = a['A']
    A[:] = A * 2.0 + 1.0
    A[:] = A * 3.0 + 1.0
    return dict(A=A, __return=np.array([A.sum()]))


@reg('nested_calls', dict(N=6),
     lambda r: dict(A=f64(r, 6)), _nested_ref, 'nested dace programs called twice, scalar return from callee')
@dace.program
def nested_calls(A: dace.float64[N]):
    _inner_scale(A, 2.0)
    _inner_scale(A, 3.0)
    return _inner_sum(A)


# 25 -----------------------------------------------------------------------------------------
@reg('tuple_scalar_return', dict(N=5),
     lambda r: dict(A=r.integers(0, 50, 5).astype(np.int64)),
     lambda a, s: dict(__return_0=a['A'] * 2 + 1, __return_1=np.array([a['A'].max()])),
     'return (array, scalar) tuple, int64')
@dace.program
def tuple_scalar_return(A: dace.int64[N]):
    return A * 2 + 1, np.max(A)


# 26 -----------------------------------------------------------------------------------------
@reg('transient_builders', dict(N=6),
     lambda r: dict(A=f64(r, 6)),
     lambda a, s: dict(__return=np.copy(a['A']) + np.zeros(6) + np.ones(6) + np.full(6, 3.0) + a['A'] * 2.0),
     'np.copy/np.zeros/np.ones/np.full/np.empty_like transients')
@dace.program
def transient_builders(A: dace.float64[N]):
    B = np.copy(A)
    Z = np.zeros((N,), dtype=np.float64)
    O = np.ones((N,), dtype=np.float64)
    F = np.full((N,), 3.0, dtype=np.float64)
    E = np.empty_like(A)
    E[:] = A * 2.0
    return B + Z + O + F + E


# 27 -----------------------------------------------------------------------------------------
@reg('arange_ops', dict(N=7),
     lambda r: dict(A=r.integers(0, 10, 7).astype(np.int64), B=np.zeros(7)),
     lambda a, s: dict(__return=a['A'] + np.arange(7), B=np.arange(7) * 0.5),
     'np.arange in int and float expressions')
@dace.program
def arange_ops(A: dace.int64[N], B: dace.float64[N]):
    B[:] = np.arange(N) * 0.5
    return A + np.arange(N)


# 28 -----------------------------------------------------------------------------------------
def _hist_ref(a, s):
    H = a['H']
    H[:] = 0
    for v in a['A']:
        H[v] += 1
    W = a['W']
    for i, v in enumerate(a['A']):
        W[v] += a['X'][i]
    return dict(H=H, W=W)


@reg('histogram_indirect', dict(N=8, BINS=4),
     lambda r: dict(A=r.integers(0, 4, 8).astype(np.int64), X=f64(r, 8), H=np.full(4, 9, np.int64), W=np.zeros(4)),
     _hist_ref, 'histogram-like indirect writes: sequential loop and map with indirect WCR')
@dace.program
def histogram_indirect(A: dace.int64[N], X: dace.float64[N], H: dace.int64[BINS], W: dace.float64[BINS]):
    H[:] = 0
    for i in range(N):
        H[A[i]] += 1
    for i in dace.map[0:N]:
        W[A[i]] += X[i]


# 29 -----------------------------------------------------------------------------------------
def _csr_inputs(r):
    M_, N_ = 5, 6
    dense = r.uniform(0, 1, (M_, N_)) * (r.uniform(0, 1, (M_, N_)) < 0.4)
    rowptr = [0]
    cols, vals = [], []
    for i in range(M_):
        for j in range(N_):
            if dense[i, j] != 0:
                cols.append(j)
                vals.append(dense[i, j])
        rowptr.append(len(cols))
    return dict(rowptr=np.array(rowptr, np.int32), col=np.array(cols, np.int32), val=np.array(vals),
                x=f64(r, N_), y=np.zeros(M_))


def _csr_ref(a, s):
    y = a['y']
    for i in range(len(a['rowptr']) - 1):
        for j in range(a['rowptr'][i], a['rowptr'][i + 1]):
            y[i] += a['val'][j] * a['x'][a['col'][j]]
    return dict(y=y)


@reg('csr_spmv_loop', None, _csr_inputs, _csr_ref, 'CSR SpMV: map over rows, data-dependent inner range')
@dace.program
def csr_spmv_loop(rowptr: dace.int32[M + 1], col: dace.int32[NNZ], val: dace.float64[NNZ], x: dace.float64[N],
                  y: dace.float64[M]):
    for i in dace.map[0:M]:
        for j in range(rowptr[i], rowptr[i + 1]):
            y[i] += val[j] * x[col[j]]


# 30 -----------------------------------------------------------------------------------------
@reg('int_to_float_mix', dict(N=6),
     lambda r: dict(A=r.integers(0, 9, 6).astype(np.int64), B=f32(r, 6), C=np.zeros(6), M_=np.zeros(1)),
     lambda a, s: dict(C=a['A'] * 0.5 + a['B'].astype(np.float64), M_=np.array([float(np.sum(a['A']) // len(a['A']))])),
     'int64 * float64 promotion, float32 -> float64, np.mean of int64 (dace 1.0.2 computes an integer mean: sum // N; expected follows dace, NumPy would give the exact mean)')
@dace.program
def int_to_float_mix(A: dace.int64[N], B: dace.float32[N], C: dace.float64[N], M_: dace.float64[1]):
    for i in range(N):
        C[i] = A[i] * 0.5 + B[i]
    M_[0] = np.mean(A)


# 31 -----------------------------------------------------------------------------------------
def _softmax_ref(a, s):
    A = a['A']
    e = np.exp(A - np.max(A, axis=1).reshape(-1, 1))
    return dict(__return=e / e.sum(axis=1).reshape(-1, 1))


@reg('row_normalize', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5)), _softmax_ref, 'row-wise softmax in a sequential loop over rows (np.max/np.exp/np.sum on row views)')
@dace.program
def row_normalize(A: dace.float64[N, M]):
    out = np.empty_like(A)
    for i in range(N):
        mx = np.max(A[i])
        out[i, :] = np.exp(A[i, :] - mx)
        out[i, :] = out[i, :] / np.sum(out[i, :])
    return out


# 32 -----------------------------------------------------------------------------------------
def _loop_dep_if_ref(a, s):
    A, idx = a['A'], a['idx']
    cnt = 0
    for i in range(A.shape[0]):
        if A[i] % 3 == 0:
            idx[cnt] = i
            cnt += 1
    return dict(idx=idx, n=np.array([cnt], np.int64))


@reg('compact_indices', dict(N=8),
     lambda r: dict(A=r.integers(0, 20, 8).astype(np.int64), idx=np.full(8, -1, np.int64), n=np.zeros(1, np.int64)),
     _loop_dep_if_ref, 'data-dependent write position (stream compaction in a loop)')
@dace.program
def compact_indices(A: dace.int64[N], idx: dace.int64[N], n: dace.int64[1]):
    cnt = 0
    for i in range(N):
        if A[i] % 3 == 0:
            idx[cnt] = i
            cnt += 1
    n[0] = cnt


# 33 -----------------------------------------------------------------------------------------
@reg('outer_and_3d_sum', dict(N=3, M=4, K=5),
     lambda r: dict(A=f64(r, 3, 4, 5), x=f64(r, 3), y=f64(r, 4), O=np.zeros((3, 4)), S=np.zeros((3, 5))),
     lambda a, s: dict(O=np.outer(a['x'], a['y']) + np.sum(a['A'], axis=2), S=np.sum(a['A'], axis=1)),
     'outer product via map += and 3-D reductions over the last/middle axis')
@dace.program
def outer_and_3d_sum(A: dace.float64[N, M, K], x: dace.float64[N], y: dace.float64[M], O: dace.float64[N, M],
                     S: dace.float64[N, K]):
    O[:] = np.sum(A, axis=2)
    for i, j in dace.map[0:N, 0:M]:
        O[i, j] += x[i] * y[j]
    S[:] = np.sum(A, axis=1)


# 34 -----------------------------------------------------------------------------------------
def _rev_ref(a, s):
    A, B = a['A'], a['B']
    acc = 0.0
    for i in range(A.shape[0] - 1, -1, -1):
        acc += A[i]
        B[i] = acc
    return dict(B=B)


@reg('reverse_loop', dict(N=7),
     lambda r: dict(A=f64(r, 7), B=np.zeros(7)), _rev_ref, 'for loop with negative step (suffix sum)')
@dace.program
def reverse_loop(A: dace.float64[N], B: dace.float64[N]):
    acc = 0.0
    for i in range(N - 1, -1, -1):
        acc += A[i]
        B[i] = acc


# 35 -----------------------------------------------------------------------------------------
def _if_scalar_ref(a, s):
    A = a['A']
    if a['alpha'] > 0.5:
        A[:] = A * a['alpha']
    else:
        A[:] = A - a['alpha']
    return dict(A=A)


@reg('if_scalar_arg', dict(N=6),
     lambda r: dict(A=f64(r, 6), alpha=np.float64(0.3)), _if_scalar_ref, 'if/else on a float64 scalar argument')
@dace.program
def if_scalar_arg(A: dace.float64[N], alpha: dace.float64):
    if alpha > 0.5:
        A[:] = A * alpha
    else:
        A[:] = A - alpha


# 36 -----------------------------------------------------------------------------------------
@reg('int_axis_minmax', dict(N=4, M=5),
     lambda r: dict(A=r.integers(-50, 50, (4, 5)).astype(np.int64)),
     lambda a, s: dict(__return_0=np.max(a['A'], axis=1), __return_1=np.min(a['A'], axis=0)),
     'int64 np.max/np.min along axes, tuple return')
@dace.program
def int_axis_minmax(A: dace.int64[N, M]):
    return np.max(A, axis=1), np.min(A, axis=0)


# 37 -----------------------------------------------------------------------------------------
@reg('complex_abs_matmul', dict(N=3, M=4),
     lambda r: dict(A=(f64(r, 3, 4) + 1j * f64(r, 3, 4)), x=(f64(r, 4) + 1j * f64(r, 4)), R=np.zeros((3, 4)),
                    y=np.zeros(3, np.complex128)),
     lambda a, s: dict(R=np.abs(a['A']), y=a['A'] @ a['x']),
     'np.abs of complex128 -> float64; complex matrix-vector product')
@dace.program
def complex_abs_matmul(A: dace.complex128[N, M], x: dace.complex128[M], R: dace.float64[N, M],
                       y: dace.complex128[N]):
    R[:] = np.abs(A)
    y[:] = A @ x


# 38 -----------------------------------------------------------------------------------------
@reg('transposed_matmul', dict(N=4, M=3, K=5),
     lambda r: dict(A=f64(r, 5, 4), B=f64(r, 5, 3)),
     lambda a, s: dict(__return=a['A'].T @ a['B']), 'A.T @ B')
@dace.program
def transposed_matmul(A: dace.float64[K, N], B: dace.float64[K, M]):
    return A.T @ B


# 39 -----------------------------------------------------------------------------------------
def _fwhile_ref(a, s):
    x = a['x0'][0]
    it = 0
    while x > 0.01:
        x = x * 0.5
        it += 1
    return dict(out=np.array([x, float(it)]))


@reg('float_while', dict(),
     lambda r: dict(x0=np.array([3.7]), out=np.zeros(2)), _fwhile_ref, 'while loop on a float scalar read from an array')
@dace.program
def float_while(x0: dace.float64[1], out: dace.float64[2]):
    x = x0[0]
    it = 0
    while x > 0.01:
        x = x * 0.5
        it += 1
    out[0] = x
    out[1] = it


# 40 -----------------------------------------------------------------------------------------
@reg('count_true', dict(N=8),
     lambda r: dict(A=f64(r, 8), c=np.zeros(1, np.int64)),
     lambda a, s: dict(c=np.array([np.sum(a['A'] > 0.5)], np.int64)), 'count of a boolean mask via a map with WCR')
@dace.program
def count_true(A: dace.float64[N], c: dace.int64[1]):
    c[0] = 0
    for i in dace.map[0:N]:
        if A[i] > 0.5:
            c[0] += 1
