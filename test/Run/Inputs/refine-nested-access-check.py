"""Checks the outputs of Inputs/refine-nested-access.py against NumPy."""
import sys

import numpy as np

base = sys.argv[1]
for rows in map(int, sys.argv[2:]):
    a = np.load(f"{base}.{rows}.npz")["A"]
    b = np.zeros_like(a)
    for i in range(1, rows):
        b[i] = a[i - 1] + a[i].sum()
    np.testing.assert_allclose(np.load(f"{base}.{rows}.out.npz")["B"], b)
