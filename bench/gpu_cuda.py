#!/usr/bin/env python3
"""GPU kernels built by sdfg-compile --gpu-runtime cuda (the libraries that
scripts/gpu-check/build.sh makes from the corpus GPU variants) at benchmark
sizes, against CuPy doing the same work on the same GPU in the same run.

    python3 bench/gpu_cuda.py target/gpu-check [--repeat 5]

Kernel time is read from the runtime's CUDA events (SDFG_GPU_TIMING=1, summed
over a call's launches); a call also copies its arrays between host and GPU,
which the 'call' column includes. CuPy's time is its kernels only (data
already on the GPU). Bandwidth counts each array element read or written once
per sweep, against the card's peak (H100 SXM: HBM3 3.35 TB/s; H200: HBM3e
4.8 TB/s; FP64 67 TFLOP/s with tensor cores). Needs NumPy, CuPy and an NVIDIA driver."""

import argparse
import ctypes
import json
import os
import re
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "gpu-check"))
from run import arguments  # noqa: E402  (the header's argument order)

# HBM bandwidth by card (the H100 SXM's HBM3, the H200's HBM3e); FP64 peak
# with tensor cores (both 67 TFLOP/s).
HBM_BYTES_PER_S = {"H100": 3.35e12, "H200": 4.8e12}
FP64_FLOPS = 67e12


def card():
    import cupy as cp

    name = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    return name, next((v for k, v in HBM_BYTES_PER_S.items() if k in name), HBM_BYTES_PER_S["H100"])

# program variant, symbols, work measure ("bytes" or "flop") per call.
CASES = [
    ("vec_add.gpu", {"N": 1 << 26}, "bytes", lambda s: 3 * 8 * s["N"]),
    ("jacobi_2d.gpu_autoopt", {"N": 8192, "T": 10}, "bytes", lambda s: s["T"] * 2 * 2 * 8 * (s["N"] - 2) ** 2),
    ("jacobi_2d.gpu", {"N": 8192, "T": 10}, "bytes", lambda s: s["T"] * 2 * 2 * 8 * (s["N"] - 2) ** 2),
    # softmax over rows of float32: x read, result written (the minimum).
    ("softmax.gpu_autoopt", {"N": 16384, "M": 4096}, "bytes", lambda s: 2 * 4 * s["N"] * s["M"]),
    ("softmax.gpu", {"N": 16384, "M": 4096}, "bytes", lambda s: 2 * 4 * s["N"] * s["M"]),
    # Three Reduce nodes (sum of all, of rows, max of columns), A read by each.
    ("reduce_sum.gpu", {"N": 8192, "M": 8192}, "bytes", lambda s: 3 * 8 * s["N"] * s["M"]),
    ("gemm.gpu", {"NI": 2048, "NJ": 2048, "NK": 2048}, "flop", lambda s: 2 * s["NI"] * s["NJ"] * s["NK"]),
    ("matmul_explicit.gpu_autoopt", {"M": 512, "N": 512, "K": 512}, "flop", lambda s: 2 * s["M"] * s["N"] * s["K"]),
]


def shape(dims, symbols):
    return [int(eval(str(d), {}, dict(symbols))) for d in dims]


def run_case(root, variant, symbols, repeat):
    """Calls the library `repeat` times (in this process); returns seconds per call."""
    prog = variant.split(".")[0]
    manifest = json.load(open(os.path.join(root, "data", prog + ".json")))
    arglist = manifest["device_variants"][variant.split(".", 1)[1]]["arglist"]
    directory = os.path.join(root, "programs", variant)
    header = next(f for f in os.listdir(directory) if f.endswith(".h"))
    lib = ctypes.CDLL(os.path.join(directory, "lib" + header[:-2] + ".so"))
    rng = np.random.default_rng(0)
    described = {a["name"]: a for a in arglist}
    keep, pointers = [], []
    for name, kind in arguments(os.path.join(directory, header)):
        a = described[name]
        if kind == "symbol":
            v = np.array([symbols[name]], dtype=np.int64)
        elif kind == "scalar":
            v = np.array([1.5], dtype=a["dtype"])
        else:
            v = rng.random(shape(a["shape"], symbols)).astype(a["dtype"])
        keep.append(v)
        pointers.append(v.ctypes.data_as(ctypes.c_void_p))
    argv = (ctypes.c_void_p * len(pointers))(*pointers)
    entry = getattr(lib, header[:-2])
    entry(argv)  # warm-up: module load, first touch
    start = time.perf_counter()
    for _ in range(repeat):
        entry(argv)
    return (time.perf_counter() - start) / repeat


def cupy_time(variant, s, repeat):
    import cupy as cp

    prog = variant.split(".")[0]
    if prog == "vec_add":
        a, b = cp.random.random(s["N"]), cp.random.random(s["N"])
        work = lambda: a + b
    elif prog == "jacobi_2d":
        A, B = cp.random.random((s["N"], s["N"])), cp.random.random((s["N"], s["N"]))

        def work():
            for _ in range(s["T"]):
                B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
                A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])
    elif prog == "softmax":
        x = cp.random.random((s["N"], s["M"]), dtype=cp.float32)

        def work():
            e = cp.exp(x - x.max(axis=-1, keepdims=True))
            return e / e.sum(axis=-1, keepdims=True)
    elif prog == "reduce_sum":
        A = cp.random.random((s["N"], s["M"]))
        work = lambda: (A.sum(), A.sum(axis=1), A.max(axis=0))
    else:
        m, n, k = (s["NI"], s["NJ"], s["NK"]) if "NI" in s else (s["M"], s["N"], s["K"])
        A, B = cp.random.random((m, k)), cp.random.random((k, n))
        work = lambda: A @ B
    work()
    cp.cuda.Device().synchronize()
    start, end = cp.cuda.Event(), cp.cuda.Event()
    start.record()
    for _ in range(repeat):
        work()
    end.record()
    end.synchronize()
    return cp.cuda.get_elapsed_time(start, end) / 1e3 / repeat


def main():
    p = argparse.ArgumentParser()
    p.add_argument("root")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--kernels", action="store_true", help="list each kernel's time after the table")
    p.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.one:
        variant, symbols = args.one[0], json.loads(args.one[1])
        print(json.dumps({"call": run_case(args.root, variant, symbols, args.repeat)}))
        return
    env = dict(os.environ, SDFG_GPU_TIMING="1", LD_LIBRARY_PATH=os.path.join(args.root, "lib"))
    name, hbm = card()
    print(f"{name}: peaks {hbm / 1e12:.2f} TB/s, {FP64_FLOPS / 1e12:.0f} TFLOP/s FP64")
    print("| program | sizes | kernels | kernel ms/call | call ms | rate | of peak | CuPy ms | ours / CuPy |")
    print("|---|---|---|---|---|---|---|---|---|")
    per_kernel = []
    for variant, symbols, unit, measure in CASES:
        if not os.path.isdir(os.path.join(args.root, "programs", variant)):
            print(f"| {variant} | not built | | | | | | | |")
            continue
        p = subprocess.run([sys.executable, __file__, args.root, "--repeat", str(args.repeat), "--one", variant, json.dumps(symbols)],
                           capture_output=True, text=True, env=env, timeout=600)
        if p.returncode != 0:
            print(f"| {variant} | failed: {(p.stderr.strip().splitlines() or ['?'])[-1]} | | | | | | | |")
            continue
        call = json.loads(p.stdout.strip().splitlines()[-1])["call"]
        timed = re.findall(r"gpu-timing: (\S+): (\d+) launches, ([\d.]+) ms", p.stderr)
        calls = args.repeat + 1
        kernel_ms = sum(float(ms) for _, _, ms in timed) / calls
        per_kernel += [f"{variant}: {k}: {int(n) // calls} launches per call, {float(ms) / calls:.3f} ms per call" for k, n, ms in timed]
        work = measure(symbols)
        rate = work / (kernel_ms / 1e3)
        peak = hbm if unit == "bytes" else FP64_FLOPS
        shown = f"{rate / 1e9:.0f} GB/s" if unit == "bytes" else f"{rate / 1e9:.0f} GFLOP/s"
        try:
            theirs = cupy_time(variant, symbols, args.repeat) * 1e3
            ratio = f"{kernel_ms / theirs:.2f}"
            theirs = f"{theirs:.3f}"
        except Exception as e:  # CuPy missing or failing: say so in the row
            theirs, ratio = f"n/a ({type(e).__name__})", ""
        sizes = " ".join(f"{k}={v}" for k, v in symbols.items())
        print(f"| {variant} | {sizes} | {len(timed)} | {kernel_ms:.3f} | {call * 1e3:.1f} | {shown} | {rate / peak:.1%} | {theirs} | {ratio} |", flush=True)
    if args.kernels:
        print("\n".join([""] + per_kernel))


if __name__ == "__main__":
    main()
