/* out <- the elements of A greater than ratio (order within the output is
 * free, as with DaCe's stream), outsz <- their count.  Two passes over
 * static chunks: count per thread, prefix sum, then each thread writes its
 * selected elements at its offset. */
#include <omp.h>
#include "bench.h"

static unsigned query(long n, const float *restrict A, float ratio, float *restrict out) {
    long offs[257] = {0}; /* per-thread counts, then offsets; at most 256 threads */
    long total = 0;
#pragma omp parallel
    {
        int tid = omp_get_thread_num(), nt = omp_get_num_threads();
        long lo = n * tid / nt, hi = n * (tid + 1) / nt, cnt = 0;
        for (long i = lo; i < hi; i++) cnt += A[i] > ratio;
        offs[tid + 1] = cnt;
#pragma omp barrier
#pragma omp single
        for (int k = 0; k < nt; k++) offs[k + 1] += offs[k];
        float *restrict o = out + offs[tid];
        for (long i = lo; i < hi; i++)
            if (A[i] > ratio) *o++ = A[i];
#pragma omp single
        total = offs[nt];
    }
    return (unsigned)total;
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: query DIR REPEAT N RATIO\n"); return 2; }
    const char *dir = argv[1];
    int rep = atoi(argv[2]);
    long N = atol(argv[3]);
    float ratio = strtof(argv[4], NULL);
    float *A = load(dir, "A", sizeof(float) * N);
    float *out = aligned_alloc(64, sizeof(float) * N);
    unsigned outsz = 0;
    double t[rep];
    for (int r = 0; r < rep; r++) {
        double t0 = now();
        outsz = query(N, A, ratio, out);
        t[r] = now() - t0;
    }
    report(t, rep);
    store(dir, "out", out, sizeof(float) * outsz);
    store(dir, "outsz", &outsz, sizeof outsz);
    return 0;
}
