"""The DaCe paper's fundamental kernels as DaCe programs.

Written in the style of the corpus sources (/work/shared/sdfg-corpus/*.json) so
that the SDFGs exercise the same constructs: a MatMul library node, an explicit
map with a write-conflict resolution (WCR), a sequential time loop around
stencil maps, an indirect WCR into a whole array, a stream filter and a map
with a data-dependent range.

Outputs are explicit arguments (no return values) so that every implementation
writes into arrays the harness allocated and can compare.
"""
import dace

M, N, K = (dace.symbol(s) for s in "MNK")
T = dace.symbol("T")
H, W, BINS = dace.symbol("H"), dace.symbol("W"), dace.symbol("BINS")
NNZ = dace.symbol("NNZ")


@dace.program
def mm(A: dace.float32[M, K], B: dace.float32[K, N], C: dace.float32[M, N]):
    # `@` becomes a MatMul library node; its expansion decides performance.
    C[:] = A @ B


@dace.program
def mm_explicit(A: dace.float32[M, K], B: dace.float32[K, N], C: dace.float32[M, N]):
    # The "native" matmul: one 3-D map, the k reduction done by a WCR on C.
    C[:] = 0
    for i, j, k in dace.map[0:M, 0:N, 0:K]:
        with dace.tasklet:
            a << A[i, k]
            b << B[k, j]
            c >> C(1, lambda x, y: x + y)[i, j]
            c = a * b


@dace.program
def jacobi_2d(A: dace.float64[N, N], B: dace.float64[N, N]):
    # polybench jacobi-2d (double precision, as in polybench).
    for t in range(T):
        B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
        A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])


@dace.program
def histogram(A: dace.int32[H, W], hist: dace.int32[BINS]):
    # Pixel values are bin indices; the WCR memlet covers the whole histogram
    # because the written element is only known at run time.
    hist[:] = 0
    for i, j in dace.map[0:H, 0:W]:
        with dace.tasklet:
            a << A[i, j]
            out >> hist(1, lambda x, y: x + y)[:]
            out[a] = 1


@dace.program
def query(A: dace.float32[N], ratio: dace.float32, out: dace.float32[N], outsz: dace.uint32[1]):
    # Selected elements go to a stream (unordered); a WCR counter counts them.
    ostream = dace.define_stream(dace.float32, N)
    for i in dace.map[0:N]:
        with dace.tasklet:
            a << A[i]
            r << ratio
            b >> ostream(-1)
            osz >> outsz(-1, lambda x, y: x + y, 0)
            if a > r:
                b = a
                osz = 1
    ostream >> out


@dace.program
def spmv(A_row: dace.uint32[H + 1], A_col: dace.uint32[NNZ], A_val: dace.float32[NNZ], x: dace.float32[W],
         b: dace.float32[H]):
    # CSR: the inner map's range is read from A_row (dynamic map inputs).
    b[:] = 0
    for i in dace.map[0:H]:
        for j in dace.map[A_row[i]:A_row[i + 1]]:
            with dace.tasklet:
                a << A_val[j]
                in_x << x[A_col[j]]
                out >> b(1, lambda x, y: x + y)[i]
                out = a * in_x


# Name -> program, in the order the harness runs them.
PROGRAMS = {
    "mm": mm,
    "mm_explicit": mm_explicit,
    "jacobi_2d": jacobi_2d,
    "histogram": histogram,
    "query": query,
    "spmv": spmv,
}
