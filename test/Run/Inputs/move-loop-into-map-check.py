"""Checks the outputs of Inputs/move-loop-into-map.mlir against NumPy."""
import sys

import numpy as np

base = sys.argv[1]
for steps in map(int, sys.argv[2:]):
    given = np.load(f"{base}.{steps}.npz")
    out = np.load(f"{base}.{steps}.out.npz")
    a, s = given["A"].copy(), given["S"].copy()
    for t in range(steps):
        a = 0.5 * a + given["B"][t]
        s += a.sum()
    np.testing.assert_allclose(out["A"], a)
    np.testing.assert_allclose(out["S"], s)
