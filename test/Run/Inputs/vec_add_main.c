/* Calls the compiled vec_add SDFG through its generated header. */
#include <stdio.h>
#include "progs_basic_vec_add.h"

int main(void) {
    double a[8], b[8], c[8];
    for (int i = 0; i < 8; i++) {
        a[i] = i + 1;
        b[i] = 2 * (i + 1);
    }
    progs_basic_vec_add_call(a, b, c, 8);
    printf("c[0] = %g\nc[7] = %g\n", c[0], c[7]);
    return 0;
}
