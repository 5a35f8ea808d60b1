"""Writes inputs for test/GPU/matmul.mlir, without NumPy: small integers
(exact products and sums in any order) in A (13 x 7), B (7 x 37), E
(7 x 13), H (37 x 7) and D (13 x 37); zeros in C, F and G.
python3 matmul-npz.py out.npz"""
import array
import importlib
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Inputs"))
write = importlib.import_module("ramp-npz").write

shapes = {"A": (13, 7), "B": (7, 37), "E": (7, 13), "H": (37, 7), "D": (13, 37), "C": (13, 37), "F": (13, 37), "G": (13, 37)}
arrays = {}
for seed, (name, (rows, cols)) in enumerate(shapes.items()):
    filled = name not in "CFG"
    arrays[name] = array.array("d", (((i * (seed + 3) + seed) % 11 - 5) * filled for i in range(rows * cols)))
write(sys.argv[1], arrays, shapes=shapes)
