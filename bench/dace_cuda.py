#!/usr/bin/env python3
"""Our CUDA kernels against DaCe's own CUDA code for the same SDFGs (the
corpus GPU variants of bench/gpu_cuda.py's cases), kernel time side by side
in one run on one GPU.

    python3 bench/dace_cuda.py prepare target/dace-cuda
        (with DaCe 1.0.2, no GPU needed: DaCe generates each program's code)
    python3 bench/dace_cuda.py run target/dace-cuda target/gpu-check [--repeat 5]
        (on the GPU machine: nvcc builds DaCe's code, then both run)

DaCe's code is built with DaCe's default flags (-O3, --use_fast_math, its
default block size where the SDFG gives none) for sm_90. Its kernel time is
read by preloading cuda_launch_timer.c (CUDA events around each
cudaLaunchKernel), ours from our runtime's SDFG_GPU_TIMING (events around
each launch): both sum a call's kernels, mean of `repeat` calls after a
warm-up. Needs NumPy, nvcc and an NVIDIA driver there."""

import argparse
import concurrent.futures
import ctypes
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "..", "..", "shared", "sdfg-corpus")
# The variants and sizes of bench/gpu_cuda.py.
sys.path.insert(0, HERE)
from gpu_cuda import CASES, shape  # noqa: E402

C_TYPES = {"double": ctypes.c_double, "float": ctypes.c_float, "int": ctypes.c_int, "long long": ctypes.c_longlong,
           "int64_t": ctypes.c_int64, "int32_t": ctypes.c_int32, "bool": ctypes.c_bool}


def prepare(out):
    import dace
    from dace.codegen import compiler

    os.environ.setdefault("DACE_compiler_cuda_backend", "cuda")
    dace.Config.set("compiler", "cuda", "backend", value="cuda")
    # DaCe's runtime headers, and the queue they include from its sources.
    root = os.path.dirname(dace.__file__)
    shutil.copytree(os.path.join(root, "runtime", "include"), os.path.join(out, "runtime", "include"), dirs_exist_ok=True)
    shutil.copytree(os.path.join(root, "external", "moodycamel"), os.path.join(out, "external", "moodycamel"), dirs_exist_ok=True)
    for variant, _, _, _ in CASES:
        sdfg = dace.SDFG.from_file(os.path.join(CORPUS, "device", variant + ".sdfg"))
        folder = os.path.join(out, variant)
        compiler.generate_program_folder(sdfg, sdfg.generate_code(), folder)
        with open(os.path.join(folder, "name.txt"), "w") as f:
            f.write(sdfg.name)
        shutil.copy(os.path.join(CORPUS, variant.split(".")[0] + ".json"), folder)
        print(f"generated {variant}")


def cuda_libs():
    """The CUDA toolkit's library folder (beside nvcc's), for the rpath."""
    return os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("nvcc")))), "lib64")


def build_one(out, variant):
    folder = os.path.join(out, variant)
    name = open(os.path.join(folder, "name.txt")).read().strip()
    sources = sorted(glob.glob(os.path.join(folder, "src", "*", "*.cpp")) + glob.glob(os.path.join(folder, "src", "*", "*.cu")))
    cmd = ["nvcc", "-O3", "-std=c++17", "-arch=sm_90", "--use_fast_math", "-shared", "-cudart", "shared",
           "-Xcompiler", "-fPIC,-O3,-ffast-math,-fopenmp", "-DWITH_CUDA", "-include", os.path.join(HERE, "dace_cub_compat.h"),
           "-I", os.path.join(out, "runtime", "include"), "-I", os.path.join(folder, "include"),
           *sources, "-o", os.path.join(folder, f"lib{name}.so"), "-lgomp", "-Xlinker", "-rpath," + cuda_libs()]
    p = subprocess.run(cmd, capture_output=True, text=True)
    return variant, p.returncode, p.stderr[-2000:]


def build(out):
    if not shutil.which("nvcc"):
        sys.exit("dace_cuda.py build: nvcc is not on PATH (the CUDA toolkit builds DaCe's code)")
    timer = ["nvcc", "-shared", "-Xcompiler", "-fPIC", "-cudart", "shared", "-o", os.path.join(out, "liblaunchtimer.so"),
             os.path.join(HERE, "cuda_launch_timer.c"), "-ldl", "-Xlinker", "-rpath," + cuda_libs()]
    subprocess.run(timer, check=True)
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for variant, rc, err in pool.map(lambda c: build_one(out, c[0]), CASES):
            print(f"built {variant}" if rc == 0 else f"build of {variant} failed:\n{err}", flush=True)


def parameters(header, function):
    """(name, C type, pointer) of `function`'s parameters in the header."""
    text = open(header).read()
    m = re.search(function + r"\(([^)]*)\)", text)
    out = []
    for part in m.group(1).split(","):
        part = part.replace("__restrict__", "").strip()
        pointer = "*" in part
        words = part.replace("*", " ").split()
        out.append((words[-1], " ".join(words[:-1]), pointer))
    return out


def call_dace(out, variant, symbols, repeat):
    """Seconds per call of DaCe's program (run in its own process)."""
    import numpy as np

    folder = os.path.join(out, variant)
    name = open(os.path.join(folder, "name.txt")).read().strip()
    manifest = json.load(open(os.path.join(folder, variant.split(".")[0] + ".json")))
    described = {a["name"]: a for a in manifest["device_variants"][variant.split(".", 1)[1]]["arglist"]}
    lib = ctypes.CDLL(os.path.join(folder, f"lib{name}.so"))
    header = os.path.join(folder, "include", name + ".h")
    rng = np.random.default_rng(0)
    keep, args = [], []
    for pname, ctype, pointer in parameters(header, f"__program_{name}")[1:]:
        if pointer:
            a = described[pname]
            v = rng.random(shape(a["shape"], symbols)).astype(a["dtype"])
            keep.append(v)
            args.append(v.ctypes.data_as(ctypes.c_void_p))
        elif pname in symbols:
            args.append(C_TYPES[ctype](symbols[pname]))
        else:
            args.append(C_TYPES[ctype](1.5))
    init_args = [C_TYPES[t](symbols[n]) for n, t, _ in parameters(header, f"__dace_init_{name}")]
    init = getattr(lib, f"__dace_init_{name}")
    init.restype = ctypes.c_void_p
    handle = ctypes.c_void_p(init(*init_args))
    program = getattr(lib, f"__program_{name}")
    program(handle, *args)  # warm-up
    start = time.perf_counter()
    for _ in range(repeat):
        program(handle, *args)
    seconds = (time.perf_counter() - start) / repeat
    getattr(lib, f"__dace_exit_{name}")(handle)
    return seconds


def run(out, ours, repeat):
    env_dace = dict(os.environ, LD_PRELOAD=os.path.join(out, "liblaunchtimer.so"))
    env_ours = dict(os.environ, SDFG_GPU_TIMING="1", LD_LIBRARY_PATH=os.path.join(ours, "lib"))
    calls = repeat + 1
    print("| program | sizes | DaCe kernels ms/call | ours ms/call | ours / DaCe | DaCe call ms | our call ms |")
    print("|---|---|---|---|---|---|---|")
    for variant, symbols, _, _ in CASES:
        sizes = " ".join(f"{k}={v}" for k, v in symbols.items())
        d = subprocess.run([sys.executable, __file__, "one", out, variant, json.dumps(symbols), str(repeat)],
                           capture_output=True, text=True, env=env_dace, timeout=600)
        o = subprocess.run([sys.executable, os.path.join(HERE, "gpu_cuda.py"), ours, "--repeat", str(repeat), "--one", variant,
                            json.dumps(symbols)], capture_output=True, text=True, env=env_ours, timeout=600)
        timed = re.search(r"launch-timing: (\d+) launches, ([\d.]+) ms", d.stderr)
        if d.returncode != 0 or not timed:
            print(f"| {variant} | {sizes} | failed: {(d.stderr.strip().splitlines() or ['?'])[-1]} | | | | |", flush=True)
            continue
        dace_ms = float(timed.group(2)) / calls
        dace_call = json.loads(d.stdout.strip().splitlines()[-1])["call"] * 1e3
        ours_timed = re.findall(r"gpu-timing: (\S+): (\d+) launches, ([\d.]+) ms", o.stderr)
        if o.returncode != 0 or not ours_timed:
            print(f"| {variant} | {sizes} | {dace_ms:.3f} | failed | | {dace_call:.1f} | |", flush=True)
            continue
        ours_ms = sum(float(ms) for _, _, ms in ours_timed) / calls
        our_call = json.loads(o.stdout.strip().splitlines()[-1])["call"] * 1e3
        print(f"| {variant} | {sizes} | {dace_ms:.3f} | {ours_ms:.3f} | {ours_ms / dace_ms:.2f} | {dace_call:.1f} | {our_call:.1f} |", flush=True)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["prepare", "build", "run", "one"])
    p.add_argument("out")
    p.add_argument("rest", nargs="*")
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    if args.mode == "prepare":
        prepare(args.out)
    elif args.mode == "build":
        build(args.out)
    elif args.mode == "run":
        run(args.out, args.rest[0], args.repeat)
    else:
        variant, symbols, repeat = args.rest
        print(json.dumps({"call": call_dace(args.out, variant, json.loads(symbols), int(repeat))}))


if __name__ == "__main__":
    main()
