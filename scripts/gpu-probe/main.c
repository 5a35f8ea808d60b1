#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
typedef struct { double *base, *data; int64_t offset, size, stride; } M1;
void _mlir_ciface_run_axpy(double a, M1 *x, M1 *y);
void _mlir_ciface_run_reduce(M1 *x, M1 *x2, M1 *sum, M1 *prod);
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  int fails = 0;
  for (int rep = 0; rep < 3; rep++) {
    int64_t n = rep == 0 ? 1000 : (1 << 24);
    double *x = malloc(n * 8), *y = malloc(n * 8);
    for (int64_t i = 0; i < n; i++) { x[i] = (double)(i % 1000) * 0.5; y[i] = 1.0 + i % 7; }
    M1 mx = {x, x, 0, n, 1}, my = {y, y, 0, n, 1};
    double t0 = now();
    _mlir_ciface_run_axpy(2.0, &mx, &my);
    double t1 = now();
    double err = 0;
    for (int64_t i = 0; i < n; i++) err = fmax(err, fabs(y[i] - (2.0 * x[i] + 1.0 + i % 7)));
    printf("axpy n=%lld: max error %g, %.3f ms (host copies included)\n", (long long)n, err, 1e3 * (t1 - t0));
    fails += err != 0;
    // Sum and product of values near 1 so the product stays finite.
    for (int64_t i = 0; i < n; i++) x[i] = 1.0 + ((i * 7919) % 1001 - 500) * 1e-9;
    double s = 0, p = 1, hs = 0, hp = 1;
    int64_t n2 = n < 65536 ? n : 65536;
    for (int64_t i = 0; i < n; i++) s += x[i];
    for (int64_t i = 0; i < n2; i++) p *= x[i];
    M1 mx2 = {x, x, 0, n2, 1};
    M1 ms = {&hs, &hs, 0, 1, 1}, mp = {&hp, &hp, 0, 1, 1};
    t0 = now();
    _mlir_ciface_run_reduce(&mx, &mx2, &ms, &mp);
    t1 = now();
    double es = fabs(hs - s) / fabs(s), ep = fabs(hp - p) / fabs(p);
    printf("sum n=%lld: %.17g vs %.17g (rel %g); product of %lld: %.17g vs %.17g (rel %g); %.3f ms\n", (long long)n, hs, s, es, (long long)n2, hp, p, ep, 1e3 * (t1 - t0));
    fails += es > 1e-12 || ep > 1e-9;
    free(x); free(y);
  }
  printf(fails ? "FAIL\n" : "PASS\n");
  return fails != 0;
}
