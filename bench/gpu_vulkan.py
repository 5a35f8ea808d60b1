#!/usr/bin/env python3
"""Corpus GPU variants on Vulkan against our own CPU path on the same
machine, in the same run: each GPU variant (DaCe's `gpu`/`gpu_autoopt`
files) with `sdfg-run --gpu-runtime vulkan` and the CPU variant it was made
from with `sdfg-run`, both on the corpus inputs, median of --repeat runs
(the whole program: host<->GPU copies and kernels, or the CPU run).
Variants listed in test/GPU/vulkan-unsupported.txt are skipped. Prints a
Markdown table; on Mesa's lavapipe (a CPU Vulkan driver) this measures the
GPU path's overhead, not GPU speed.

    python3 bench/gpu_vulkan.py [--repeat 10] [--bin target/release]
"""

import argparse
import json
import os
import re
import subprocess

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
CORPUS = os.path.join(ROOT, "..", "shared", "sdfg-corpus")


def median_seconds(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"run: median ([0-9.e-]+) s", out.stderr + out.stdout)
    if out.returncode != 0 or not m:
        raise RuntimeError(f"{' '.join(cmd)}: {out.stderr.strip()[-300:]}")
    return float(m.group(1)), out.stderr


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--bin", default=os.path.join(ROOT, "target", "release"))
    args = ap.parse_args()
    skipped = set()
    with open(os.path.join(ROOT, "test", "GPU", "vulkan-unsupported.txt")) as f:
        skipped = {line.split(":")[0] for line in f if line.strip() and not line.startswith("#")}
    run = os.path.join(args.bin, "sdfg-run")
    device = None
    print("| variant | CPU (µs) | Vulkan (µs) | Vulkan / CPU |")
    print("| --- | ---: | ---: | ---: |")
    for name in sorted(os.listdir(os.path.join(CORPUS, "device"))):
        if ".gpu" not in name or not name.endswith(".sdfg") or name[: -len(".sdfg")] in skipped:
            continue
        variant = name[: -len(".sdfg")]
        prog, kind = variant.split(".", 1)
        manifest = json.load(open(os.path.join(CORPUS, prog + ".json")))
        cpu_file = manifest["variants"][manifest["device_variants"][kind]["from_variant"]]["file"]
        data = os.path.join(CORPUS, prog + ".npz")
        common = ["--inputs", data, "--manifest", os.path.join(CORPUS, prog + ".json"), "--repeat", str(args.repeat)]
        cpu, _ = median_seconds([run, os.path.join(CORPUS, cpu_file)] + common)
        gpu, err = median_seconds([run, os.path.join(CORPUS, "device", name), "--gpu-runtime", "vulkan"] + common)
        device = device or re.search(r"note: running on (.*)", err).group(1)
        ratio = f"{gpu / cpu:.0f}" if cpu > 0 else "-"
        print(f"| {variant} | {cpu * 1e6:.0f} | {gpu * 1e6:.0f} | {ratio} |")
    print(f"\nVulkan device: {device}; median of {args.repeat} runs each.")


if __name__ == "__main__":
    main()
