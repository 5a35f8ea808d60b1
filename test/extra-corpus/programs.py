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


# =============================================================================================
# Second batch (41+): 3-D stencils, nested programs in loops/maps, 3-D reductions, offset
# slices, aliasing, bool/bitwise/complex/power ops, control flow with data-dependent bounds.
# =============================================================================================
def i64(rng, *shape, lo=0, hi=10):
    return rng.integers(lo, hi, size=shape).astype(np.int64)


# 41 -----------------------------------------------------------------------------------------
def _st3_ref(a, s):
    A, B = a['A'], a['B']
    for t in range(s['T']):
        B[1:-1, 1:-1, 1:-1] = (A[2:, 1:-1, 1:-1] + A[:-2, 1:-1, 1:-1] + A[1:-1, 2:, 1:-1] + A[1:-1, :-2, 1:-1]
                               + A[1:-1, 1:-1, 2:] + A[1:-1, 1:-1, :-2]) / 6.0 - 0.5 * A[1:-1, 1:-1, 1:-1]
        A[1:-1, 1:-1, 1:-1] = B[1:-1, 1:-1, 1:-1] * 0.9
    return dict(A=A, B=B)


@reg('stencil_3d', dict(N=5, M=4, K=6, T=2),
     lambda r: dict(A=f64(r, 5, 4, 6), B=f64(r, 5, 4, 6)), _st3_ref, '3-D 7-point stencil with slices, time loop')
@dace.program
def stencil_3d(A: dace.float64[N, M, K], B: dace.float64[N, M, K]):
    for t in range(T):
        B[1:-1, 1:-1, 1:-1] = (A[2:, 1:-1, 1:-1] + A[:-2, 1:-1, 1:-1] + A[1:-1, 2:, 1:-1] + A[1:-1, :-2, 1:-1]
                               + A[1:-1, 1:-1, 2:] + A[1:-1, 1:-1, :-2]) / 6.0 - 0.5 * A[1:-1, 1:-1, 1:-1]
        A[1:-1, 1:-1, 1:-1] = B[1:-1, 1:-1, 1:-1] * 0.9


# 42 -----------------------------------------------------------------------------------------
def _st3m_ref(a, s):
    A, B = a['A'], a['B']
    B[1:-1, 1:-1, 1:-1] = (A[:-2, 1:-1, 1:-1] + A[2:, 1:-1, 1:-1] + A[1:-1, :-2, 1:-1] + A[1:-1, 2:, 1:-1]
                           + A[1:-1, 1:-1, :-2] + A[1:-1, 1:-1, 2:] - 6.0 * A[1:-1, 1:-1, 1:-1])
    return dict(B=B)


@reg('stencil_3d_map', dict(N=4, M=5, K=6),
     lambda r: dict(A=f64(r, 4, 5, 6), B=np.zeros((4, 5, 6))), _st3m_ref, '3-D Laplacian via 3-parameter dace.map with offsets')
@dace.program
def stencil_3d_map(A: dace.float64[N, M, K], B: dace.float64[N, M, K]):
    for i, j, k in dace.map[1:N - 1, 1:M - 1, 1:K - 1]:
        B[i, j, k] = (A[i - 1, j, k] + A[i + 1, j, k] + A[i, j - 1, k] + A[i, j + 1, k] + A[i, j, k - 1]
                      + A[i, j, k + 1] - 6.0 * A[i, j, k])


# 43 -----------------------------------------------------------------------------------------
@dace.program
def _row_update(r: dace.float64[M], s: dace.float64):
    r[:] = r * s + 1.0


def _nil_ref(a, s):
    A = a['A']
    for i in range(A.shape[0]):
        A[i] = A[i] * (i + 1.0) + 1.0
    for i in range(1, A.shape[0]):
        A[i] = A[i] * A[i - 1, 0] + 1.0
    return dict(A=A)


@reg('nested_in_loop', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5)), _nil_ref, 'nested dace program called on row views inside sequential loops')
@dace.program
def nested_in_loop(A: dace.float64[N, M]):
    for i in range(N):
        _row_update(A[i], i + 1.0)
    for i in range(1, N):
        _row_update(A[i], A[i - 1, 0])


# 44 -----------------------------------------------------------------------------------------
@dace.program
def _axpy_row(a: dace.float64[M], x: dace.float64[M], y: dace.float64[M]):
    y[:] = y + a * x


@reg('nested_in_map', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5), x=f64(r, 5), Y=f64(r, 4, 5)),
     lambda a, s: dict(Y=a['Y'] + a['A'] * a['x'][None, :]), 'nested dace program called inside a dace.map')
@dace.program
def nested_in_map(A: dace.float64[N, M], x: dace.float64[M], Y: dace.float64[N, M]):
    for i in dace.map[0:N]:
        _axpy_row(A[i], x, Y[i])


# 45 -----------------------------------------------------------------------------------------
@reg('reduce_3d', dict(N=3, M=4, K=5),
     lambda r: dict(A=f64(r, 3, 4, 5), S0=np.zeros((4, 5)), S2=np.zeros((3, 4)), MN=np.zeros((3, 5)),
                    ME=np.zeros((3, 4))),
     lambda a, s: dict(S0=a['A'].sum(axis=0), S2=a['A'].max(axis=2), MN=a['A'].min(axis=1),
                       ME=a['A'].mean(axis=2), __return=a['A'].sum(axis=(0, 2))),
     'reductions of a 3-D array along axis 0, 1, last, mean on last, tuple axis')
@dace.program
def reduce_3d(A: dace.float64[N, M, K], S0: dace.float64[M, K], S2: dace.float64[N, M], MN: dace.float64[N, K],
              ME: dace.float64[N, M]):
    S0[:] = np.sum(A, axis=0)
    S2[:] = np.max(A, axis=2)
    MN[:] = np.min(A, axis=1)
    ME[:] = np.mean(A, axis=2)
    return np.sum(A, axis=(0, 2))


# 46 -----------------------------------------------------------------------------------------
@reg('keepdims_reshape', dict(N=3, M=4, K=5),
     lambda r: dict(A=f64(r, 3, 4, 5)),
     lambda a, s: dict(__return=a['A'] - a['A'].mean(axis=1).reshape(3, 1, 5)),
     'keepdims-like broadcasting via reshape of a reduced 3-D array')
@dace.program
def keepdims_reshape(A: dace.float64[N, M, K]):
    m = np.mean(A, axis=1)
    return A - np.reshape(m, (N, 1, K))


# 47 -----------------------------------------------------------------------------------------
def _offs_ref(a, s):
    A, B, C = a['A'], a['B'], a['C']
    A[2:, 1:-1] = B[:-2, 2:] * 2.0
    V = C[1:, :]
    W = V[:, 1:]
    W[1:, :-1] = B[:-2, 1:-1] + 1.0
    return dict(A=A, C=C)


@reg('offset_slices', dict(N=6, M=5),
     lambda r: dict(A=f64(r, 6, 5), B=f64(r, 6, 5), C=f64(r, 6, 5)), _offs_ref,
     'slices with offsets on both sides, views of views written to')
@dace.program
def offset_slices(A: dace.float64[N, M], B: dace.float64[N, M], C: dace.float64[N, M]):
    A[2:, 1:-1] = B[:-2, 2:] * 2.0
    V = C[1:, :]
    W = V[:, 1:]
    W[1:, :-1] = B[:-2, 1:-1] + 1.0


# 48 -----------------------------------------------------------------------------------------
@reg('transpose_3d', dict(N=2, M=3, K=4),
     lambda r: dict(A=f64(r, 2, 3, 4), B=np.zeros((3, 4, 2)), C=np.zeros((4, 3, 2))),
     lambda a, s: dict(B=np.ascontiguousarray(np.transpose(a['A'], (1, 2, 0))),
                       C=np.ascontiguousarray(np.transpose(a['A'])),
                       __return=np.ascontiguousarray(np.transpose(a['A'], axes=(2, 0, 1)) + 1.0)),
     'np.transpose of a 3-D array with explicit axes and default axes')
@dace.program
def transpose_3d(A: dace.float64[N, M, K], B: dace.float64[M, K, N], C: dace.float64[K, M, N]):
    B[:] = np.transpose(A, (1, 2, 0))
    C[:] = np.transpose(A)
    return np.transpose(A, axes=(2, 0, 1)) + 1.0


# 49 -----------------------------------------------------------------------------------------
@reg('matmul_t', dict(N=3, M=4, K=5),
     lambda r: dict(A=f64(r, 3, 5), B=f64(r, 4, 5), C=np.zeros((3, 3)), D=np.zeros((5, 5))),
     lambda a, s: dict(C=a['A'] @ a['A'].T, D=a['A'].T @ a['A'], __return=a['A'] @ a['B'].T),
     'A @ B.T, A @ A.T, A.T @ A')
@dace.program
def matmul_t(A: dace.float64[N, K], B: dace.float64[M, K], C: dace.float64[N, N], D: dace.float64[K, K]):
    C[:] = A @ A.T
    D[:] = A.T @ A
    return A @ B.T


# 50 -----------------------------------------------------------------------------------------
def _mpow_ref(a, s):
    A, R = a['A'], a['R']
    R[:] = np.eye(A.shape[0])
    for t in range(s['T']):
        R[:] = R @ A
    return dict(R=R)


@reg('matrix_power', dict(N=4, T=3),
     lambda r: dict(A=f64(r, 4, 4), R=f64(r, 4, 4)), _mpow_ref, 'matrix power by repeated R = R @ A in a loop')
@dace.program
def matrix_power(A: dace.float64[N, N], R: dace.float64[N, N]):
    R[:] = 0.0
    for i in range(N):
        R[i, i] = 1.0
    for t in range(T):
        R[:] = R @ A


# 51 -----------------------------------------------------------------------------------------
def _alias_ref(a, s):
    A, B = a['A'], a['B']
    A[1:] = A[:-1] + 1.0
    B[:-1, :] = B[1:, :] * 2.0
    return dict(A=A, B=B)


@reg('inplace_alias', dict(N=6, M=3),
     lambda r: dict(A=f64(r, 6), B=f64(r, 6, 3)), _alias_ref,
     'in-place slice assignment with overlapping read (NumPy semantics: RHS evaluated first)')
@dace.program
def inplace_alias(A: dace.float64[N], B: dace.float64[N, M]):
    A[1:] = A[:-1] + 1.0
    B[:-1, :] = B[1:, :] * 2.0


# 52 -----------------------------------------------------------------------------------------
@reg('bool_compare', dict(N=8),
     lambda r: dict(A=i64(r, 8), B=i64(r, 8), C=np.zeros(8, np.bool_), D=np.zeros(8, np.bool_)),
     lambda a, s: dict(C=(a['A'] == a['B']) | (a['A'] < 3), D=np.logical_xor(a['A'] != a['B'], a['A'] >= 5),
                       __return=np.logical_not(a['A'] > a['B'])),
     'comparisons producing bool arrays, | on bools, logical_xor, bool array return')
@dace.program
def bool_compare(A: dace.int64[N], B: dace.int64[N], C: dace.bool_[N], D: dace.bool_[N]):
    C[:] = (A == B) | (A < 3)
    D[:] = np.logical_xor(A != B, A >= 5)
    return np.logical_not(A > B)


# 53 -----------------------------------------------------------------------------------------
def _bitw_ref(a, s):
    A, B, X, U = a['A'], a['B'], a['X'], a['U']
    a['O32'][:] = (A & B) | (A ^ np.int32(7))
    a['N32'][:] = ~A
    a['S32'][:] = (A << (B & np.int32(3))) >> np.int32(1)
    a['O64'][:] = ((X << 3) >> 1) ^ (X | 5)
    a['OU'][:] = (U >> np.uint32(2)) ^ (U << np.uint32(1))
    return dict()


@reg('bitwise_ops', dict(N=8),
     lambda r: dict(A=r.integers(0, 1000, 8).astype(np.int32), B=r.integers(0, 1000, 8).astype(np.int32),
                    X=r.integers(0, 1 << 40, 8).astype(np.int64),
                    U=r.integers(0, 1 << 32, 8, dtype=np.uint64).astype(np.uint32),
                    O32=np.zeros(8, np.int32), N32=np.zeros(8, np.int32), S32=np.zeros(8, np.int32),
                    O64=np.zeros(8, np.int64), OU=np.zeros(8, np.uint32)),
     _bitw_ref, 'bitwise and/or/xor/not and shifts on int32, int64 and uint32 (uint32 << wraps)')
@dace.program
def bitwise_ops(A: dace.int32[N], B: dace.int32[N], X: dace.int64[N], U: dace.uint32[N], O32: dace.int32[N],
                N32: dace.int32[N], S32: dace.int32[N], O64: dace.int64[N], OU: dace.uint32[N]):
    O32[:] = (A & B) | (A ^ dace.int32(7))
    N32[:] = ~A
    S32[:] = (A << (B & dace.int32(3))) >> dace.int32(1)
    O64[:] = ((X << 3) >> 1) ^ (X | 5)
    OU[:] = (U >> dace.uint32(2)) ^ (U << dace.uint32(1))


# 54 -----------------------------------------------------------------------------------------
def _f32acc_ref(a, s):
    A, x = a['A'], a['x']
    out = a['out']
    for i in range(A.shape[0]):
        acc = np.float32(0)
        for j in range(A.shape[1]):
            acc = np.float32(acc + A[i, j] * x[j])
        out[i] = acc
    return dict(out=out, __return=np.array([np.sum(A, dtype=np.float32) * np.float32(2)], np.float32))


@reg('f32_accum', dict(N=5, M=7),
     lambda r: dict(A=f32(r, 5, 7), x=f32(r, 7), out=np.zeros(5, np.float32)), _f32acc_ref,
     'float32 scalar accumulation in nested loops, float32 sum return')
@dace.program
def f32_accum(A: dace.float32[N, M], x: dace.float32[M], out: dace.float32[N]):
    for i in range(N):
        acc = dace.float32(0)
        for j in range(M):
            acc += A[i, j] * x[j]
        out[i] = acc
    return np.sum(A) * dace.float32(2)


# 55 -----------------------------------------------------------------------------------------
def _cfun_ref(a, s):
    Z, W = a['Z'], a['W']
    a['C'][:] = np.conj(Z) * W
    a['R'][:] = np.real(Z * W)
    a['I'][:] = np.imag(Z) + np.imag(W)
    a['Ab'][:] = np.abs(Z - W)
    return dict(__return=np.array([np.sum(Z * np.conj(W))]))


def _cfun_in(r):
    c = lambda: (f64(r, 6, lo=-1, hi=1) + 1j * f64(r, 6, lo=-1, hi=1)).astype(np.complex128)
    return dict(Z=c(), W=c(), C=np.zeros(6, np.complex128), R=np.zeros(6), I=np.zeros(6), Ab=np.zeros(6))


@reg('complex_funcs', dict(N=6), _cfun_in, _cfun_ref, 'complex128 conj/real/imag/abs, complex scalar return')
@dace.program
def complex_funcs(Z: dace.complex128[N], W: dace.complex128[N], C: dace.complex128[N], R: dace.float64[N],
                  I: dace.float64[N], Ab: dace.float64[N]):
    C[:] = np.conj(Z) * W
    R[:] = np.real(Z * W)
    I[:] = np.imag(Z) + np.imag(W)
    Ab[:] = np.abs(Z - W)
    return np.sum(Z * np.conj(W))


# 56 -----------------------------------------------------------------------------------------
@reg('int_power', dict(N=6),
     lambda r: dict(A=i64(r, 6, lo=0, hi=9), E=i64(r, 6, lo=0, hi=5), X=f64(r, 6, lo=0.5, hi=2.0),
                    P=np.zeros(6, np.int64), Q=np.zeros(6, np.int64), F=np.zeros(6)),
     lambda a, s: dict(P=a['A'] ** 2 + a['A'] ** 3, Q=a['A'] ** a['E'],
                       F=a['X'] ** 2 + a['X'] ** 3 + a['X'] ** 0.5 + a['X'] ** -1 + a['X'] ** a['X']),
     'integer ** (constant and array exponent), float ** int/float/negative')
@dace.program
def int_power(A: dace.int64[N], E: dace.int64[N], X: dace.float64[N], P: dace.int64[N], Q: dace.int64[N],
              F: dace.float64[N]):
    P[:] = A ** 2 + A ** 3
    Q[:] = A ** E
    F[:] = X ** 2 + X ** 3 + X ** 0.5 + X ** -1 + X ** X


# 57 -----------------------------------------------------------------------------------------
def _smm_ref(a, s):
    A, x, b = a['A'], float(a['a']), int(a['b'])
    a['out'][:] = [min(x, A[0]), max(A[1], A[2], x), float(max(b, 3)), min(x, 0.5)]
    a['C'][:] = np.clip(A, 0.2, 0.7)
    a['I'][:] = [min(b, 2), max(b, -4)]
    return dict()


@reg('scalar_minmax_clip', dict(N=7),
     lambda r: dict(A=f64(r, 7), a=np.float64(0.45), b=np.int64(5), out=np.zeros(4), C=np.zeros(7),
                    I=np.zeros(2, np.int64)),
     _smm_ref, 'min/max builtins on scalars (2 and 3 args, int and float), clip via np.minimum(np.maximum()) (np.clip becomes a Python callback in dace 1.0.2)')
@dace.program
def scalar_minmax_clip(A: dace.float64[N], a: dace.float64, b: dace.int64, out: dace.float64[4], C: dace.float64[N],
                       I: dace.int64[2]):
    out[0] = min(a, A[0])
    out[1] = max(A[1], A[2], a)
    out[2] = max(b, 3)
    out[3] = min(a, 0.5)
    C[:] = np.minimum(np.maximum(A, 0.2), 0.7)
    I[0] = min(b, 2)
    I[1] = max(b, -4)


# 58 -----------------------------------------------------------------------------------------
@reg('norms', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5, lo=-1, hi=1), rn=np.zeros(4)),
     lambda a, s: dict(rn=np.sqrt(np.sum(a['A'] * a['A'], axis=1)), __return=np.array([np.sqrt(np.sum(a['A'] ** 2))])),
     'Frobenius norm np.sqrt(np.sum(A**2)) returned as scalar, row norms')
@dace.program
def norms(A: dace.float64[N, M], rn: dace.float64[N]):
    rn[:] = np.sqrt(np.sum(A * A, axis=1))
    return np.sqrt(np.sum(A ** 2))


# 59 -----------------------------------------------------------------------------------------
@reg('scalar_ret_mixed', dict(N=5),
     lambda r: dict(I=r.integers(0, 100, 5).astype(np.int32), F=f32(r, 5), a=np.int32(7), b=np.float32(1.5)),
     lambda a, s: dict(__return_0=np.array([a['I'].sum() + a['a']], np.int32),
                       __return_1=np.array([a['F'].max() * a['b']], np.float32),
                       __return_2=np.array([a['I'][0] > a['I'][1]]),
                       __return_3=np.array([np.float64(a['F'][0]) + 1.0])),
     'tuple return of int32, float32, bool and float64 scalars; int32/float32 scalar arguments')
@dace.program
def scalar_ret_mixed(I: dace.int32[N], F: dace.float32[N], a: dace.int32, b: dace.float32):
    return np.sum(I) + a, np.max(F) * b, I[0] > I[1], F[0] + 1.0


# 60 -----------------------------------------------------------------------------------------
@reg('scalar_ret_bool', dict(N=6),
     lambda r: dict(A=f64(r, 6)),
     lambda a, s: dict(__return=np.array([np.sum(a['A']) > 3.0])), 'single bool scalar return')
@dace.program
def scalar_ret_bool(A: dace.float64[N]):
    return np.sum(A) > 3.0


# 61 -----------------------------------------------------------------------------------------
def _wdd_ref(a, s):
    A = a['A']
    n = A[0]
    i = 1
    acc = 0
    while i < n and A[i] > 0:
        acc += A[i]
        i += 1
    a['out'][:] = [acc, i]
    return dict()


@reg('while_data_dep', dict(N=8),
     lambda r: dict(A=np.array([6, 3, 5, 2, 0, 4, 7, 1], np.int64), out=np.zeros(2, np.int64)), _wdd_ref,
     'while loop with data-dependent bound and compound condition')
@dace.program
def while_data_dep(A: dace.int64[N], out: dace.int64[2]):
    n = A[0]
    i = 1
    acc = 0
    while i < n and A[i] > 0:
        acc += A[i]
        i += 1
    out[0] = acc
    out[1] = i


# 62 -----------------------------------------------------------------------------------------
def _elif_ref(a, s):
    A, B, sc = a['A'], a['B'], float(a['s'])
    for i in range(len(A)):
        if A[i] < 0.25:
            B[i] = 0
        elif A[i] < 0.5:
            if sc > 0.0:
                B[i] = 1
            else:
                B[i] = -1
        elif A[i] < 0.75:
            B[i] = 2
        else:
            B[i] = 3
    if sc > 1.0:
        B[0] += 10
    elif sc > 0.5:
        B[0] += 20
    else:
        B[0] += 30
    return dict(B=B)


@reg('elif_chain', dict(N=8),
     lambda r: dict(A=f64(r, 8), B=np.zeros(8, np.int64), s=np.float64(0.7)), _elif_ref,
     'if/elif/elif/else chain in a loop with nested if, scalar elif after the loop')
@dace.program
def elif_chain(A: dace.float64[N], B: dace.int64[N], s: dace.float64):
    for i in range(N):
        if A[i] < 0.25:
            B[i] = 0
        elif A[i] < 0.5:
            if s > 0.0:
                B[i] = 1
            else:
                B[i] = -1
        elif A[i] < 0.75:
            B[i] = 2
        else:
            B[i] = 3
    if s > 1.0:
        B[0] += 10
    elif s > 0.5:
        B[0] += 20
    else:
        B[0] += 30


# 63 -----------------------------------------------------------------------------------------
def _neg_ref(a, s):
    A, B, C = a['A'], a['B'], a['C']
    n = len(A)
    for i in range(n - 2, -1, -1):
        A[i] = A[i] + A[i + 1] * 0.5
    for i in range(n - 1, 0, -2):
        B[i] = B[i - 1] * 2.0
    k = 0
    for i in range(n - 1, -1, -3):
        C[k] = i
        k += 1
    return dict(A=A, B=B, C=C)


@reg('neg_step_loops', dict(N=8),
     lambda r: dict(A=f64(r, 8), B=f64(r, 8), C=np.zeros(8, np.int64)), _neg_ref,
     'loops with negative steps -1, -2, -3 down to 0')
@dace.program
def neg_step_loops(A: dace.float64[N], B: dace.float64[N], C: dace.int64[N]):
    for i in range(N - 2, -1, -1):
        A[i] = A[i] + A[i + 1] * 0.5
    for i in range(N - 1, 0, -2):
        B[i] = B[i - 1] * 2.0
    k = 0
    for i in range(N - 1, -1, -3):
        C[k] = i
        k += 1


# 64 -----------------------------------------------------------------------------------------
def _nbrk_ref(a, s):
    A, t, res = a['A'], float(a['t']), a['res']
    res[0] = -1
    res[1] = -1
    res[2] = 0
    for i in range(A.shape[0]):
        found = False
        for j in range(A.shape[1]):
            res[2] += 1
            if A[i, j] > t:
                res[0] = i
                res[1] = j
                found = True
                break
        if found:
            break
    return dict(res=res)


@reg('nested_break', dict(N=5, M=6),
     lambda r: dict(A=f64(r, 5, 6) * 0.5 + np.pad(np.array([[0.9]]), ((2, 2), (3, 2))), t=np.float64(0.8),
                    res=np.zeros(3, np.int64)), _nbrk_ref,
     'early break out of nested loops via a flag, signed -1 sentinel')
@dace.program
def nested_break(A: dace.float64[N, M], t: dace.float64, res: dace.int64[3]):
    res[0] = -1
    res[1] = -1
    res[2] = 0
    for i in range(N):
        found = False
        for j in range(M):
            res[2] += 1
            if A[i, j] > t:
                res[0] = i
                res[1] = j
                found = True
                break
        if found:
            break


# 65 -----------------------------------------------------------------------------------------
def _sfd_ref(a, s):
    A, B, cnt = a['A'], a['B'], a['cnt']
    n = int(A[0])
    for i in range(n):
        B[i] = A[i] * 2.0
    for i in range(n, len(A)):
        B[i] = -A[i]
    cnt[0] = n
    return dict(B=B, cnt=cnt)


@reg('symbol_from_data', dict(N=8),
     lambda r: dict(A=np.concatenate([[5.0], f64(r, 7)]), B=np.zeros(8), cnt=np.zeros(1, np.int64)), _sfd_ref,
     'loop bound n = int(A[0]) computed from data')
@dace.program
def symbol_from_data(A: dace.float64[N], B: dace.float64[N], cnt: dace.int64[1]):
    n = int(A[0])
    for i in range(n):
        B[i] = A[i] * 2.0
    for i in range(n, N):
        B[i] = -A[i]
    cnt[0] = n


# 66 -----------------------------------------------------------------------------------------
@reg('map3_wcr', dict(N=3, M=4, K=5),
     lambda r: dict(A=f64(r, 3, 5), B=f64(r, 5, 4), C=f64(r, 3, 4), E=np.zeros((3, 5))),
     lambda a, s: dict(C=a['C'] + a['A'] @ a['B'], E=a['A'] * a['B'].sum(axis=1)[None, :]),
     '3-parameter dace.map with += WCR into 2-D outputs (pre-initialised and zero)')
@dace.program
def map3_wcr(A: dace.float64[N, K], B: dace.float64[K, M], C: dace.float64[N, M], E: dace.float64[N, K]):
    for i, j, k in dace.map[0:N, 0:M, 0:K]:
        C[i, j] += A[i, k] * B[k, j]
    for i, j, k in dace.map[0:N, 0:M, 0:K]:
        E[i, k] += A[i, k] * B[k, j]


# 67 -----------------------------------------------------------------------------------------
@reg('outer_loops', dict(N=4, M=5),
     lambda r: dict(x=f64(r, 4), y=i64(r, 5), O=np.zeros((4, 5)), P=np.zeros((4, 5), np.int64)),
     lambda a, s: dict(O=a['x'][:, None] + a['y'][None, :],
                       P=a['y'][None, :] * (np.arange(4)[:, None] + 1) - np.arange(5)[None, :]),
     'np.add.outer-like explicit loops (float + int64), map using both indices')
@dace.program
def outer_loops(x: dace.float64[N], y: dace.int64[M], O: dace.float64[N, M], P: dace.int64[N, M]):
    for i in range(N):
        for j in range(M):
            O[i, j] = x[i] + y[j]
    for i, j in dace.map[0:N, 0:M]:
        P[i, j] = y[j] * (i + 1) - j


# 68 -----------------------------------------------------------------------------------------
@reg('ufunc_outer', dict(N=4, M=3),
     lambda r: dict(x=f64(r, 4), y=f64(r, 3)),
     lambda a, s: dict(__return=np.add.outer(a['x'], a['y']) * np.multiply.outer(a['x'], a['y'])),
     'np.add.outer / np.multiply.outer')
@dace.program
def ufunc_outer(x: dace.float64[N], y: dace.float64[M]):
    return np.add.outer(x, y) * np.multiply.outer(x, y)


# 69 -----------------------------------------------------------------------------------------
def _amax_ref(a, s):
    A = a['A']
    a['idx'][:] = np.argmax(A, axis=1)
    f = int(np.argmax(A))
    a['g'][:] = [f // A.shape[1], f % A.shape[1]]
    return dict()


@reg('argmax_loop', dict(N=4, M=6),
     lambda r: dict(A=f64(r, 4, 6), idx=np.zeros(4, np.int64), g=np.zeros(2, np.int64)), _amax_ref,
     'argmax via explicit loops: per row and global 2-D')
@dace.program
def argmax_loop(A: dace.float64[N, M], idx: dace.int64[N], g: dace.int64[2]):
    gb = A[0, 0]
    g[0] = 0
    g[1] = 0
    for i in range(N):
        best = A[i, 0]
        bi = 0
        for j in range(1, M):
            if A[i, j] > best:
                best = A[i, j]
                bi = j
        idx[i] = bi
        if best > gb:
            gb = best
            g[0] = i
            g[1] = bi


# 70 -----------------------------------------------------------------------------------------
def _cum_ref(a, s):
    A, I = a['A'], a['I']
    a['C'][:] = np.cumsum(A, axis=1)
    a['CI'][:] = np.cumsum(I, axis=0).astype(np.int32)
    return dict()


@reg('cumsum_loops', dict(N=4, M=5),
     lambda r: dict(A=f64(r, 4, 5), C=np.zeros((4, 5)), I=r.integers(0, 50, (4, 5)).astype(np.int32),
                    CI=np.zeros((4, 5), np.int32)), _cum_ref,
     'cumulative sums along the last axis (column slices) and axis 0 (int32 row loop)')
@dace.program
def cumsum_loops(A: dace.float64[N, M], C: dace.float64[N, M], I: dace.int32[N, M], CI: dace.int32[N, M]):
    C[:, 0] = A[:, 0]
    for j in range(1, M):
        C[:, j] = C[:, j - 1] + A[:, j]
    CI[0, :] = I[0, :]
    for i in range(1, N):
        for j in range(M):
            CI[i, j] = CI[i - 1, j] + I[i, j]


# 71 -----------------------------------------------------------------------------------------
@reg('np_argminmax', dict(N=4, M=6),
     lambda r: dict(A=f64(r, 4, 6), x=f64(r, 6), ia=np.zeros(4, np.int64), ib=np.zeros(6, np.int64)),
     lambda a, s: dict(ia=np.argmax(a['A'], axis=1), ib=np.argmin(a['A'], axis=0),
                       __return=np.argmax(a['A'] + 0.5, axis=0)),
     'np.argmax / np.argmin with axis (np.cumsum is a callback and 1-D np.argmax fails to parse in dace 1.0.2)')
@dace.program
def np_argminmax(A: dace.float64[N, M], x: dace.float64[M], ia: dace.int64[N], ib: dace.int64[M]):
    ia[:] = np.argmax(A, axis=1)
    ib[:] = np.argmin(A, axis=0)
    return np.argmax(A + 0.5, axis=0)


# 72 -----------------------------------------------------------------------------------------
def _dtc_ref(a, s):
    A = a['A']
    a['F'][:] = A
    a['B'][:] = A.astype(np.float64) * 0.5
    a['I'][:] = a['B'].astype(np.int32)
    a['G'][:] = a['F'].astype(np.float32)
    return dict(__return=A.astype(np.int64) * 3)


@reg('dtype_copy', dict(N=6),
     lambda r: dict(A=r.integers(0, 100, 6).astype(np.int32), F=np.zeros(6), B=np.zeros(6), I=np.zeros(6, np.int32),
                    G=np.zeros(6, np.float32)), _dtc_ref,
     'copies between different dtypes: int32->float64 assignment, astype float64/int32/int64, float64->float32')
@dace.program
def dtype_copy(A: dace.int32[N], F: dace.float64[N], B: dace.float64[N], I: dace.int32[N], G: dace.float32[N]):
    F[:] = A
    B[:] = A.astype(np.float64) * 0.5
    I[:] = B.astype(np.int32)
    G[:] = F
    return A.astype(np.int64) * 3


# 73 -----------------------------------------------------------------------------------------
def _ef_ref(a, s):
    A = a['A']
    n = len(A)
    T_ = np.empty((n, n))
    for i in range(n):
        for j in range(n):
            T_[i, j] = A[i] * j
    return dict(__return=T_.sum(axis=1))


@reg('empty_fill', dict(N=5),
     lambda r: dict(A=f64(r, 5)), _ef_ref, 'np.empty transient filled in loops, row sums inside a loop into np.empty_like')
@dace.program
def empty_fill(A: dace.float64[N]):
    tmp = np.empty((N, N), dtype=np.float64)
    for i in range(N):
        for j in range(N):
            tmp[i, j] = A[i] * j
    r = np.empty_like(A)
    for i in range(N):
        r[i] = np.sum(tmp[i])
    return r


# 74 -----------------------------------------------------------------------------------------
@reg('reduce_products', dict(N=4, M=5, K=3),
     lambda r: dict(A=f64(r, 4, 5), B=f64(r, 4, 5, lo=-1, hi=1), C=f64(r, 3, 4, 5), R=np.zeros(4), Q=np.zeros(5),
                    S=np.zeros(4)),
     lambda a, s: dict(R=(a['A'] * a['B']).sum(axis=1), Q=(a['A'] + a['B']).max(axis=0),
                       S=(a['C'] * 2.0).sum(axis=(0, 2))),
     'reductions of elementwise results over rows, columns and two of three axes')
@dace.program
def reduce_products(A: dace.float64[N, M], B: dace.float64[N, M], C: dace.float64[K, N, M], R: dace.float64[N],
                    Q: dace.float64[M], S: dace.float64[N]):
    R[:] = np.sum(A * B, axis=1)
    Q[:] = np.max(A + B, axis=0)
    S[:] = np.sum(C * 2.0, axis=(0, 2))


# 75 -----------------------------------------------------------------------------------------
def _dot_reuse_ref(a, s):
    X, y = a['X'], a['y']
    out = np.zeros(X.shape[0])
    for t in range(X.shape[0]):
        out[t] = np.dot(X[t], y) + 1.0
    acc = np.dot(y, y)
    return dict(out=out, z=y * acc)


@reg('dot_reuse', dict(T=6, N=9),
     lambda r: dict(X=f64(r, 6, 9, lo=-1, hi=1), y=f64(r, 9, lo=-1, hi=1), out=np.zeros(6), z=np.zeros(9)),
     _dot_reuse_ref,
     'np.dot per loop iteration (auto-optimize makes the loop a parallel map around the Dot node) and a dot result reused')
@dace.program
def dot_reuse(X: dace.float64[T, N], y: dace.float64[N], out: dace.float64[T], z: dace.float64[N]):
    for t in range(T):
        out[t] = np.dot(X[t], y) + 1.0
    acc = np.dot(y, y)
    z[:] = y * acc


# 76 -----------------------------------------------------------------------------------------
def _time_loop_map_ref(a, s):
    A, B = a['A'].copy(), a['B']
    total = np.zeros(1)
    for t in range(B.shape[0]):
        tmp = 0.5 * A + B[t]
        A[:] = tmp
        total[0] += np.sum(tmp * tmp)
    return dict(A=A, total=total)


@reg('time_loop_map', dict(T=5, N=7),
     lambda r: dict(A=f64(r, 7), B=f64(r, 5, 7, lo=-1, hi=1), total=np.zeros(1)),
     _time_loop_map_ref,
     'a time loop around one map whose iterations each update their own element and accumulate a sum '
     '(MoveLoopIntoMap; the map body holds two computations joined by a scalar, MapFission)')
@dace.program
def time_loop_map(A: dace.float64[N], B: dace.float64[T, N], total: dace.float64[1]):
    for t in range(T):
        for j in dace.map[0:N]:
            tmp = 0.5 * A[j] + B[t, j]
            A[j] = tmp
            total[0] += tmp * tmp


# NumPy functions DaCe leaves to Python callbacks.
import programs_callbacks  # noqa: E402,F401
