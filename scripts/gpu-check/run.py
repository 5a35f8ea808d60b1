#!/usr/bin/env python3
"""Runs the GPU libraries that build.sh made on the corpus inputs and
compares their outputs with the expected ones (the manifest's tolerances).

    python3 scripts/gpu-check/run.py target/gpu-check

Each program runs in its own process (a device error ends it); the table
lists every program with PASS, FAIL (which outputs differ) or ERROR (what it
printed). Exit status 1 when any program does not pass. Needs NumPy and an
NVIDIA driver (libcuda.so.1)."""

import ctypes
import json
import os
import re
import subprocess
import sys
import time

import numpy as np

ARG = re.compile(r"^ \*   (\w+) : (.+)$")


def arguments(header):
    """(name, kind) in calling order, from the header's comment."""
    args, inside = [], False
    for line in open(header):
        if "Packed entry point" in line:
            inside = True
        elif inside and line.strip() == "*/":
            break
        elif inside and (m := ARG.match(line.rstrip("\n"))):
            kind = "symbol" if m.group(2) == "symbol" else "array" if "[" in m.group(2) else "scalar"
            args.append((m.group(1), kind))
    return args


def close(name, got, want, rules):
    if got.dtype.kind in "fc":
        key = "float32/complex64" if got.dtype in (np.float32, np.complex64) else "float64/complex128"
        tol = rules.get("float_default", {}).get(key, {"rtol": 1e-9, "atol": 1e-12})
        return np.allclose(got, want, rtol=tol["rtol"], atol=tol["atol"], equal_nan=True)
    return np.array_equal(got, want)


def run_one(program_dir, data_dir):
    header = next(f for f in os.listdir(program_dir) if f.endswith(".h"))
    entry = header[:-2]
    prog = os.path.basename(program_dir).split(".")[0]
    manifest = json.load(open(os.path.join(data_dir, prog + ".json")))
    data = np.load(os.path.join(data_dir, prog + ".npz"))
    described = {a["name"]: a for a in manifest["arguments"] + manifest.get("returns", [])}
    lib = ctypes.CDLL(os.path.join(program_dir, "lib" + entry + ".so"))
    keep, pointers = {}, []
    for name, kind in arguments(os.path.join(program_dir, header)):
        if kind == "symbol":
            value = np.array([manifest["symbols"][name]], dtype=np.int64)
        elif "in." + name in data:
            value = np.ascontiguousarray(np.array(data["in." + name], copy=True))
        else:
            d = described[name]
            value = np.zeros(d.get("shape", [1]) or [1], dtype=d["dtype"])
        value = np.atleast_1d(value)
        keep[name] = value
        pointers.append(value.ctypes.data_as(ctypes.c_void_p))
    argv = (ctypes.c_void_p * max(len(pointers), 1))(*pointers)
    start = time.perf_counter()
    getattr(lib, entry)(argv)
    seconds = time.perf_counter() - start
    differ = []
    special = manifest.get("compare", {}).get("special", {})
    for name in manifest["outputs"]:
        if name not in keep or "out." + name not in data:
            continue
        got, want = keep[name].reshape(np.shape(data["out." + name])), data["out." + name]
        if special.get(name, {}).get("mode") == "unordered_prefix":
            count_name, index = re.match(r"(\w+)\[(\d+)\]", special[name]["count"]).groups()
            k = int(data["out." + count_name].flat[int(index)])
            got, want = np.sort(got.flat[:k]), np.sort(want.flat[:k])
        if not close(name, got, want, manifest.get("compare", {})):
            differ.append(name)
    return differ, seconds


def main():
    root = sys.argv[1]
    if len(sys.argv) > 2:
        differ, seconds = run_one(sys.argv[2], os.path.join(root, "data"))
        print(json.dumps({"differ": differ, "seconds": seconds}))
        return
    failed = 0
    env = dict(os.environ, LD_LIBRARY_PATH=os.path.join(root, "lib"))
    for name in sorted(os.listdir(os.path.join(root, "programs"))):
        path = os.path.join(root, "programs", name)
        try:
            p = subprocess.run([sys.executable, __file__, root, path], capture_output=True, text=True, timeout=120, env=env)
            out = p.stdout.strip().splitlines()
            if p.returncode == 0 and out:
                result = json.loads(out[-1])
                status = "PASS" if not result["differ"] else "FAIL " + ",".join(result["differ"])
                status += f"  ({result['seconds'] * 1e3:.2f} ms)"
            else:
                status = "ERROR " + (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1]
        except subprocess.TimeoutExpired:
            status = "ERROR timed out"
        failed += not status.startswith("PASS")
        print(f"{name:40s} {status}", flush=True)
    print(f"{failed} of {len(os.listdir(os.path.join(root, 'programs')))} did not pass")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
