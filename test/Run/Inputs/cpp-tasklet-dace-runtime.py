# Inputs and expected outputs of cpp-tasklet-dace-runtime.mlir (R=2, K=3, N=7).
import sys
import numpy as np

rng = np.random.default_rng(7)
a = rng.random((4, 2)) + 1j * rng.random((4, 2))
b = rng.random((2, 2)) + 1j * rng.random((2, 2))
n = 7
ints = np.array([n // 2 * 100 + -(-n // 2) * 10 + n % 4, n**21, int(2.0**0.5 * 1000)], dtype=np.int64)
np.savez(sys.argv[1], **{'in.A': a, 'in.B': b, 'in.C': np.zeros((4, 2), complex), 'in.I': np.zeros(3, np.int64), 'out.C': a @ b, 'out.I': ints})
