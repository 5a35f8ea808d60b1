#!/usr/bin/env python3
"""Runs test/GPU/Inputs/tall-map.mlir as build.sh built it (a 2-D GPU map of
N x 3 iterations: N on the grid's y axis, beyond CUDA's 65,535 blocks for
the N given) and checks B = 2 A + i. Exit status 1 on a mismatch.

    python3 scripts/gpu-check/tall_map.py target/gpu-check [N]"""

import ctypes
import os
import sys

import numpy as np

root = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 200_000
# The OpenMP runtime the library links travels in DIR/lib.
ctypes.CDLL(os.path.join(root, "lib", "libomp.so.5"), mode=ctypes.RTLD_GLOBAL)
lib = ctypes.CDLL(os.path.join(root, "extra", "tall_map", "libtall_map.so"))
a = np.random.default_rng(0).random((n, 3))
b = np.zeros((n, 3))
size = np.array([n], dtype=np.int64)
args = (ctypes.c_void_p * 3)(a.ctypes.data, b.ctypes.data, size.ctypes.data)
lib.tall_map(args)
expected = 2.0 * a + np.arange(n)[:, None]
ok = np.array_equal(b, expected)
print(f"tall_map N={n}: {'PASS' if ok else 'FAIL'}" + ("" if ok else f" ({np.count_nonzero(b != expected)} elements differ)"))
sys.exit(0 if ok else 1)
