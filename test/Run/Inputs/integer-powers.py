# Inputs and NumPy's results for integer-powers.mlir (out.* are compared exactly; -negative.npz holds out.W).
import sys
import numpy as np

rng = np.random.default_rng(7)
n = 256
c = (rng.uniform(-2.0, 0.6, n) + 1j * rng.uniform(-1.2, 1.2, n)).astype(np.complex128)
z = np.zeros(n, dtype=np.complex128)
for _ in range(6):
    z = z**2 + c
with np.errstate(all="ignore"):
    zeros = np.zeros(n, dtype=np.complex128)
    np.savez(sys.argv[1], **{
        "in.C": c, "in.Z": zeros, "in.Z3": zeros, "in.W": zeros, "in.F": zeros.real.copy(),
        "out.Z": z, "out.Z3": c**3 + c**5, "out.F": c.real**2 - c.imag**2.0})
    np.savez(sys.argv[1].replace(".npz", "-negative.npz"), **{"out.W": c**-2})
