/* C = A @ B, float32, row-major.  i-k-j order so the inner loop streams rows
 * of B and C with unit stride (gcc vectorizes it); rows of C in parallel. */
#include "bench.h"

static void mm(int M, int N, int K, const float *restrict A, const float *restrict B, float *restrict C) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < M; i++) {
        float *restrict c = C + (size_t)i * N;
        for (int j = 0; j < N; j++) c[j] = 0.0f;
        for (int k = 0; k < K; k++) {
            const float a = A[(size_t)i * K + k];
            const float *restrict b = B + (size_t)k * N;
            for (int j = 0; j < N; j++) c[j] += a * b[j];
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: mm DIR REPEAT M N K\n"); return 2; }
    const char *dir = argv[1];
    int rep = atoi(argv[2]), M = atoi(argv[3]), N = atoi(argv[4]), K = atoi(argv[5]);
    float *A = load(dir, "A", sizeof(float) * M * K), *B = load(dir, "B", sizeof(float) * K * N);
    float *C = aligned_alloc(64, sizeof(float) * M * N);
    double t[rep];
    for (int r = 0; r < rep; r++) {
        double t0 = now();
        mm(M, N, K, A, B, C);
        t[r] = now() - t0;
    }
    report(t, rep);
    store(dir, "C", C, sizeof(float) * M * N);
    return 0;
}
