/* Shared helpers for the C baselines: raw-file I/O with the harness and a
 * median-of-N timer.  Each baseline reads its inputs from DIR/<name>.bin
 * (written by bench/run.py with numpy's tofile), times REPEAT runs of the
 * kernel alone, prints "median: <seconds>" and writes its outputs to
 * DIR/c.<name>.bin for the harness to verify. */
#ifndef BENCH_H
#define BENCH_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void *load(const char *dir, const char *name, size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.bin", dir, name);
    void *p = aligned_alloc(64, (bytes + 63) / 64 * 64);
    FILE *f = fopen(path, "rb");
    if (!p || !f || fread(p, 1, bytes, f) != bytes) {
        fprintf(stderr, "cannot read %zu bytes from %s\n", bytes, path);
        exit(1);
    }
    fclose(f);
    return p;
}

static void store(const char *dir, const char *name, const void *p, size_t bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/c.%s.bin", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, bytes, f) != bytes) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    fclose(f);
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Prints the median of the REPEAT timings the harness parses. */
static void report(double *t, int n) {
    qsort(t, n, sizeof *t, cmp_double);
    printf("median: %.9f\n", n % 2 ? t[n / 2] : 0.5 * (t[n / 2 - 1] + t[n / 2]));
}
#endif
