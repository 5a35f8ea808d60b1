"""Writes inputs for test/GPU/reduce-shapes.mlir, without NumPy: A (1000 x
2 x 7 float64), B (1000 x 33 int64), C (5000 x 3) and D (100) hold
integers, so sums are exact in any order; M starts above some columns'
maxima (a Reduce without identity combines into what the output holds).
python3 reduce-shapes-npz.py out.npz"""
import array
import importlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
write = importlib.import_module("ramp-npz").write

a = array.array("d", ((i * 7919) % 1001 - 500 - (i % 14) * 40 for i in range(1000 * 2 * 7)))
b = array.array("q", ((i * 104729) % 100003 - 50000 for i in range(1000 * 33)))
c = array.array("d", ((i * 31) % 97 - 48 for i in range(5000 * 3)))
d = array.array("d", ((i * 37) % 101 for i in range(100)))
arrays = {"C": c, "D": d, "U": array.array("d", [0.0] * 5000), "V": array.array("d", [-1.0]), "A": a, "B": b, "S": array.array("d", [0.0] * 14), "M": array.array("d", [1000.0, -40.0, -40.0, 300.0, -40.0, -40.0, -40.0]), "T": array.array("q", [0] * 33)}
write(sys.argv[1], arrays, shapes={"A": (1000, 2, 7), "B": (1000, 33), "S": (2, 7), "C": (5000, 3)})
