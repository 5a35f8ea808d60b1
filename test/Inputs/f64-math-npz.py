"""Writes inputs for test/GPU/f64-math.mlir, without NumPy: A spans
float64's range (small, moderate, near exp's over- and underflow, huge
and tiny magnitudes, both signs, zeros, subnormals, infinities, NaN), B
exponents in [-4, 4], every 7th an integer; E, L, P, H, T, Q zeros; Z
complex numbers (real parts in [-5, 5], imaginary ones in [-50, 50]) and
W complex zeros.
python3 f64-math-npz.py out.npz"""
import array
import importlib
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
write = importlib.import_module("ramp-npz").write

rng = random.Random(1)
a = [rng.uniform(-1, 1) for _ in range(500)] + [rng.uniform(-30, 30) for _ in range(500)]
a += [rng.uniform(-745, 710) for _ in range(500)]
a += [10.0 ** rng.uniform(-300, 300) for _ in range(500)] + [-(10.0 ** rng.uniform(-300, 300)) for _ in range(200)]
a += [0.0, -0.0, 1.0, -1.0, 2.0, 0.5, 1e-310, 5e-324, 709.78, 709.79, -745.1, -745.2, 1e-17, -1e-17, 1.4e-16,
      22.5, -22.5, 710.4, math.inf, -math.inf, math.nan]
b = [rng.uniform(-4, 4) for _ in a]
b[::7] = [float(round(v)) for v in b[::7]]
zeros = [0.0] * len(a)
z = [v for _ in a for v in (rng.uniform(-5, 5), rng.uniform(-50, 50))]
columns = {"A": a, "B": b, "E": zeros, "L": zeros, "P": zeros, "H": zeros, "T": zeros, "Q": zeros, "Z": z, "W": zeros + zeros}
write(sys.argv[1], {k: array.array("d", v) for k, v in columns.items()}, complex_names=("Z", "W"))
