"""Simplify speed: `sdfg-opt --sdfg-simplify` next to DaCe's `sdfg.simplify()`.

Builds a synthetic SDFG (a chain of K states, each one map `T[i] = T[i-1] + 1`
over transients: 5 nodes per state), then, in one run, times both on the
same file. Both results are checked: DaCe must load and validate ours, and
both must leave fewer states than they got.

    .venv/bin/python bench/simplify.py              # K = 1100 states (5,500 nodes)
    .venv/bin/python bench/simplify.py --states 200
    .venv/bin/python bench/simplify.py --corpus     # also: our simplify and auto-optimize times on every corpus file

Needs `cargo build --release`. Results go to stdout and bench/build/simplify.md.
"""
import argparse
import pathlib
import re
import subprocess
import sys
import time

import dace

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "bench" / "build"
BIN = ROOT / "target" / "release"


def chain_sdfg(states: int) -> dace.SDFG:
    n = dace.symbol("N")
    sdfg = dace.SDFG("simplify_chain")
    sdfg.add_array("A", [n], dace.float64)
    sdfg.add_array("B", [n], dace.float64)
    for i in range(states - 1):
        sdfg.add_transient(f"T{i}", [n], dace.float64)
    prev = None
    for i in range(states):
        st = sdfg.add_state(f"s{i}", is_start_block=(i == 0))
        if prev is not None:
            sdfg.add_edge(prev, st, dace.InterstateEdge())
        src = "A" if i == 0 else f"T{i - 1}"
        dst = "B" if i == states - 1 else f"T{i}"
        st.add_mapped_tasklet(f"m{i}", dict(j="0:N"), dict(a=dace.Memlet(f"{src}[j]")), "b = a + 1",
                              dict(b=dace.Memlet(f"{dst}[j]")), external_edges=True)
        prev = st
    return sdfg


def count(sdfg: dace.SDFG):
    states = list(sdfg.all_states())
    return len(states), sum(len(s.nodes()) for s in states)


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{r.stderr}")
    return r


def ours(sdfg_file: pathlib.Path, flag: str = "sdfg-simplify"):
    """(seconds of the transformation, whole sdfg-opt process seconds, result .sdfg)."""
    # Everything is written under bench/build, never next to the input.
    stem = BUILD / sdfg_file.stem
    mlir, out_mlir, out_sdfg = (stem.with_name(stem.name + s) for s in (".mlir", ".simplified.mlir", ".ours.sdfg"))
    run([BIN / "sdfg-translate", "--import-sdfg", sdfg_file, "-o", mlir])
    start = time.perf_counter()
    r = run([BIN / "sdfg-opt", mlir, f"--{flag}", "--sdfg-timing", "-o", out_mlir])
    whole = time.perf_counter() - start
    m = re.search(rf"timing: {flag}: ([0-9.]+) s", r.stderr)
    run([BIN / "sdfg-translate", "--export-sdfg", out_mlir, "-o", out_sdfg])
    return float(m.group(1)), whole, out_sdfg


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, default=1100)
    ap.add_argument("--corpus", action="store_true")
    args = ap.parse_args()
    BUILD.mkdir(parents=True, exist_ok=True)
    f = BUILD / f"simplify_chain_{args.states}.sdfg"
    chain_sdfg(args.states).save(str(f))
    before = count(dace.SDFG.from_file(str(f)))

    ours_simplify, ours_whole, ours_file = ours(f)
    ours_sdfg = dace.SDFG.from_file(str(ours_file))
    ours_sdfg.validate()
    ours_after = count(ours_sdfg)

    sdfg = dace.SDFG.from_file(str(f))
    start = time.perf_counter()
    sdfg.simplify()
    dace_simplify = time.perf_counter() - start
    dace_after = count(sdfg)

    lines = [
        f"# simplify on a chain of {args.states} states ({before[1]} nodes)",
        "",
        "| | simplify (s) | states, nodes after |",
        "|---|---|---|",
        f"| DaCe 1.0.2 `sdfg.simplify()` | {dace_simplify:.3f} | {dace_after[0]}, {dace_after[1]} |",
        f"| sdfg-opt `--sdfg-simplify` | {ours_simplify:.3f} (whole process incl. parse/print: {ours_whole:.3f}) "
        f"| {ours_after[0]}, {ours_after[1]} |",
        "",
        f"ratio DaCe / ours (simplify only): {dace_simplify / max(ours_simplify, 1e-9):.1f}x",
        f"ratio DaCe / ours (our whole process): {dace_simplify / ours_whole:.1f}x",
    ]
    if args.corpus:
        files = sorted((ROOT.parent / "shared" / "sdfg-corpus").glob("*.sdfg"))
        for flag in ("sdfg-simplify", "sdfg-auto-optimize"):
            times = sorted(((ours(g, flag)[0], g.name) for g in files), reverse=True)
            lines += ["", f"corpus, {flag}: {len(times)} files, slowest {times[0][0]:.4f} s ({times[0][1]}), "
                      f"median {times[len(times) // 2][0]:.4f} s"]
    text = "\n".join(lines)
    print(text)
    (BUILD / "simplify.md").write_text(text + "\n")


if __name__ == "__main__":
    main()
