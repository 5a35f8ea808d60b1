/* CSR sparse matrix-vector product, float32 values, uint32 indices.
 * Rows in parallel; rows have similar lengths here, so a static schedule. */
#include <stdint.h>
#include "bench.h"

static void spmv(int H, const uint32_t *restrict row, const uint32_t *restrict col, const float *restrict val,
                 const float *restrict x, float *restrict b) {
#pragma omp parallel for schedule(static)
    for (int i = 0; i < H; i++) {
        float s = 0.0f;
        for (uint32_t j = row[i]; j < row[i + 1]; j++) s += val[j] * x[col[j]];
        b[i] = s;
    }
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: spmv DIR REPEAT H W NNZ\n"); return 2; }
    const char *dir = argv[1];
    int rep = atoi(argv[2]), H = atoi(argv[3]), W = atoi(argv[4]);
    long nnz = atol(argv[5]);
    uint32_t *row = load(dir, "A_row", sizeof(uint32_t) * (H + 1));
    uint32_t *col = load(dir, "A_col", sizeof(uint32_t) * nnz);
    float *val = load(dir, "A_val", sizeof(float) * nnz), *x = load(dir, "x", sizeof(float) * W);
    float *b = aligned_alloc(64, sizeof(float) * H);
    double t[rep];
    for (int r = 0; r < rep; r++) {
        double t0 = now();
        spmv(H, row, col, val, x, b);
        t[r] = now() - t0;
    }
    report(t, rep);
    store(dir, "b", b, sizeof(float) * H);
    return 0;
}
