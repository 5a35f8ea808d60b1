"""Transformation scaling: every transformation applied everywhere on chains.

Each transformation of `sdfg-opt --list-passes` runs on the chains of
`ir_scaling.py` (K states, each access node -> map with a tasklet -> access
node) with `--sdfg-timing`; the table gives its own line (median of
--repeat runs) at each size and the ratio of the largest size to the
smallest. A linear transformation reads about the ratio of the sizes; a
run past --timeout seconds shows as `> T`.

    .venv/bin/python bench/transform_scaling.py
    .venv/bin/python bench/transform_scaling.py --states 1000 4000 --repeat 3

Needs `cargo build --release`. The table goes to stdout and
bench/build/transform_scaling.md.
"""
import argparse
import re
import statistics
import subprocess
import sys

from ir_scaling import BIN, BUILD, CHAINS, chain_files, run, timings

# Passes that are not transformations of the SDFG.
NOT_TRANSFORMATIONS = {"sdfg-verify", "convert-sdfg-to-scf"}


def transformations() -> list:
    text = run([BIN / "sdfg-opt", "--list-passes"]).stdout
    names = re.findall(r"^\s+--([a-z0-9-]+)\s", text, re.M)
    return [n for n in names if n not in NOT_TRANSFORMATIONS]


def time_once(mlir, name: str, timeout: float):
    """The transformation's own timing line, or None past the timeout."""
    cmd = [str(BIN / "sdfg-opt"), str(mlir), f"--{name}", "--sdfg-timing", "-o", "/dev/null"]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{r.stderr}")
    return timings(r.stderr).get(name)


def measure(mlir, name: str, repeat: int, timeout: float):
    times = []
    for _ in range(repeat):
        t = time_once(mlir, name, timeout)
        if t is None:
            return None
        times.append(t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, nargs="+", default=[1000, 4000])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    ap.add_argument("--timeout", type=float, default=60.0, help="seconds one run may take")
    args = ap.parse_args()
    CHAINS.mkdir(parents=True, exist_ok=True)
    files = {k: chain_files(k)[1] for k in args.states}
    small, big = min(args.states), max(args.states)
    fmt = lambda x: f"> {args.timeout:g}" if x is None else f"{x:.3f}"
    head = " | ".join(f"{k} states" for k in args.states)
    lines = [
        f"# Transformations applied everywhere on chains of states (median of {args.repeat} runs, seconds)",
        "",
        f"| transformation | {head} | {big}/{small} |",
        "|---|" + "---|" * (len(args.states) + 1),
    ]
    for name in transformations():
        print(f"timing {name} ...", file=sys.stderr)
        row = {}
        for k in args.states:
            row[k] = measure(files[k], name, args.repeat, args.timeout)
            if row[k] is None:
                break
        cells = " | ".join(fmt(row.get(k)) if k in row else "skipped" for k in args.states)
        ratio = f"{row[big] / row[small]:.1f}x" if row.get(big) and row.get(small) else "-"
        lines.append(f"| `{name}` | {cells} | {ratio} |")
    text = "\n".join(lines)
    print(text)
    (BUILD / "transform_scaling.md").write_text(text + "\n")


if __name__ == "__main__":
    main()
