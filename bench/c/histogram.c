/* 256-bin histogram of an int32 image whose values are bin indices.
 * OpenMP array reduction: each thread counts privately, then merges. */
#include "bench.h"

static void histogram(long n, int bins, const int *restrict A, int *restrict hist) {
    for (int b = 0; b < bins; b++) hist[b] = 0;
#pragma omp parallel for schedule(static) reduction(+ : hist[:bins])
    for (long i = 0; i < n; i++) hist[A[i]]++;
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: histogram DIR REPEAT H W BINS\n"); return 2; }
    const char *dir = argv[1];
    int rep = atoi(argv[2]), H = atoi(argv[3]), W = atoi(argv[4]), bins = atoi(argv[5]);
    int *A = load(dir, "A", sizeof(int) * H * W);
    int *hist = aligned_alloc(64, sizeof(int) * 256 * ((bins + 255) / 256));
    double t[rep];
    for (int r = 0; r < rep; r++) {
        double t0 = now();
        histogram((long)H * W, bins, A, hist);
        t[r] = now() - t0;
    }
    report(t, rep);
    store(dir, "hist", hist, sizeof(int) * bins);
    return 0;
}
