# Expected output of python-operators.mlir, computed by Python itself.
import sys
import numpy as np

out = np.zeros((16, 7))
for k in range(16):
    x = k - 8
    e = (x % -3) * 10 + -x // 4 + (1 << 62 >> 60)
    marked = (x & 3 == 1) | (x >> 2 == -1) and x ^ 5 != 0 or -8 < x <= -7
    out[k] = [x & 5 | x << 2, ~x ^ 3, x >> 1, x // 3 * 100 + x % 3, e, 2.0 ** -x + 2 ** -3, 1 if marked else 0]
np.savez(sys.argv[1], __return=out)
