/* polybench jacobi-2d, double: T times B <- 5-point(A), A <- 5-point(B).
 * Rows in parallel; each run starts from the original A and B. */
#include "bench.h"

static void jacobi(int T, int N, double *restrict A, double *restrict B) {
    for (int t = 0; t < T; t++) {
#pragma omp parallel for schedule(static)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                B[i * N + j] = 0.2 * (A[i * N + j] + A[i * N + j - 1] + A[i * N + j + 1] +
                                      A[(i + 1) * N + j] + A[(i - 1) * N + j]);
#pragma omp parallel for schedule(static)
        for (int i = 1; i < N - 1; i++)
            for (int j = 1; j < N - 1; j++)
                A[i * N + j] = 0.2 * (B[i * N + j] + B[i * N + j - 1] + B[i * N + j + 1] +
                                      B[(i + 1) * N + j] + B[(i - 1) * N + j]);
    }
}

int main(int argc, char **argv) {
    if (argc != 5) { fprintf(stderr, "usage: jacobi_2d DIR REPEAT N T\n"); return 2; }
    const char *dir = argv[1];
    int rep = atoi(argv[2]), N = atoi(argv[3]), T = atoi(argv[4]);
    size_t bytes = sizeof(double) * N * N;
    double *A0 = load(dir, "A", bytes), *B0 = load(dir, "B", bytes);
    double *A = aligned_alloc(64, bytes), *B = aligned_alloc(64, bytes);
    double t[rep];
    for (int r = 0; r < rep; r++) {
        memcpy(A, A0, bytes);
        memcpy(B, B0, bytes);
        double t0 = now();
        jacobi(T, N, A, B);
        t[r] = now() - t0;
    }
    report(t, rep);
    store(dir, "A", A, bytes);
    store(dir, "B", B, bytes);
    return 0;
}
