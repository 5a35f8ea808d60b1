"""Checks sdfg-run's outputs of npbench_forms.py:forms against NumPy."""
import sys

import numpy as np

given, got = np.load(sys.argv[1]), np.load(sys.argv[2])
A, S, W, z = given["in.A"], given["in.S"], given["in.W"], given["in.z"]
B = A.copy()
C = B + 1j * B
C[B > 2.0] = 0
B[B > 1.0] += 10.0
np.testing.assert_allclose(got["__return_0"], B.sum(axis=1), rtol=1e-12)
np.testing.assert_allclose(got["__return_1"], np.reshape(S @ W, (4, 3)).astype(np.float32), rtol=1e-6)
np.testing.assert_allclose(got["__return_2"], C, rtol=1e-12)
np.testing.assert_allclose(got["z"], z * 8.0, rtol=1e-12)
