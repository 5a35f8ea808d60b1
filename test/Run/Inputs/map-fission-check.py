"""Checks the outputs of Inputs/map-fission.mlir against NumPy."""
import sys

import numpy as np

base = sys.argv[1]
for n in map(int, sys.argv[2:]):
    a = np.load(f"{base}.{n}.npz")["A"]
    out = np.load(f"{base}.{n}.out.npz")
    b, c = np.zeros(n), np.zeros((n, 4))
    for i in range(1, n, 2):
        b[i] = 2 * a[i] * a[i]
        for j in range(3):
            c[i, j] = -(a[i] + 3 - j)
    np.testing.assert_allclose(out["B"], b)
    np.testing.assert_allclose(out["C"], c)
