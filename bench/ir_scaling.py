"""IR scaling: how parse, verify, no-op passes and simplify grow with the SDFG.

Chains of K states (`simplify.py`'s `chain_sdfg(K)`: access node -> map with
a tasklet -> access node in each state), generated with DaCe once and cached
under bench/build/chains/, imported once with `sdfg-translate --import-sdfg`,
then timed with `sdfg-opt --sdfg-timing` (median of --repeat runs):

- parse and verify: `sdfg-opt chain.mlir` (the `parse` and `verify` lines);
- ten passes that find nothing to do: `--pass-pipeline` with
  `sdfg-dead-state-elimination` ten times, minus the parse time;
- `--sdfg-simplify` (its own line, without parse, verify and print);
- `--sdfg-state-fusion --sdfg-map-fusion`: the map fusion line, fusing the
  K maps of the one fused state into one (K - 1 applications);
- DaCe 1.0.2's `sdfg.simplify()` on the same .sdfg file (up to --max-states).

    .venv/bin/python bench/ir_scaling.py
    .venv/bin/python bench/ir_scaling.py --states 1000 2000 --repeat 1 --max-states 1000

Needs `cargo build --release`. The table goes to stdout and
bench/build/ir_scaling.md.
"""
import argparse
import pathlib
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BUILD = ROOT / "bench" / "build"
CHAINS = BUILD / "chains"
BIN = ROOT / "target" / "release"
NOOP = "builtin.module(" + ",".join(["sdfg-dead-state-elimination"] * 10) + ")"


def run(cmd):
    r = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, cmd))}\n{r.stderr}")
    return r


def timings(stderr: str) -> dict:
    """`timing: PHASE: SECONDS s` lines; a phase seen twice keeps its first time."""
    out = {}
    for phase, secs in re.findall(r"^timing: (.+): ([0-9.]+) s$", stderr, re.M):
        out.setdefault(phase, float(secs))
    return out


def chain_files(k: int):
    """The cached .sdfg and .mlir of a chain of k states, made when missing."""
    sdfg, mlir = CHAINS / f"chain{k}.sdfg", CHAINS / f"chain{k}.mlir"
    if not sdfg.exists():
        sys.path.insert(0, str(ROOT / "bench"))
        from simplify import chain_sdfg
        print(f"generating {sdfg.name} with DaCe ...", file=sys.stderr)
        tmp = sdfg.with_suffix(".tmp")
        chain_sdfg(k).save(str(tmp))
        tmp.rename(sdfg)
    # Imported on every run: the dialect text changes with the compiler.
    run([BIN / "sdfg-translate", "--import-sdfg", sdfg, "-o", mlir])
    return sdfg, mlir


def median_of(repeat: int, measure):
    return statistics.median(measure() for _ in range(repeat))


def ours(mlir: pathlib.Path, repeat: int, with_noop: bool, with_fusion: bool) -> dict:
    plain = [timings(run([BIN / "sdfg-opt", mlir, "--sdfg-timing", "-o", "/dev/null"]).stderr) for _ in range(repeat)]
    noop = [timings(run([BIN / "sdfg-opt", mlir, f"--pass-pipeline={NOOP}", "--sdfg-timing", "-o", "/dev/null"]).stderr)
            for _ in range(repeat if with_noop else 0)]
    simp = [timings(run([BIN / "sdfg-opt", mlir, "--sdfg-simplify", "--sdfg-timing", "-o", "/dev/null"]).stderr)
            for _ in range(repeat)]
    fusion = [timings(run([BIN / "sdfg-opt", mlir, "--sdfg-state-fusion", "--sdfg-map-fusion", "--sdfg-timing",
                           "-o", "/dev/null"]).stderr) for _ in range(repeat if with_fusion else 0)]
    med = lambda rows, key: statistics.median(r[key] for r in rows) if rows else None
    # The pipeline's line is named after the pipeline text; everything after
    # parse and verify, before print, is the passes.
    passes = [sum(v for p, v in r.items() if p not in ("parse", "verify", "print")) for r in noop]
    return {"parse": med(plain, "parse"), "verify": med(plain, "verify"),
            "noop": statistics.median(passes) if passes else None, "simplify": med(simp, "sdfg-simplify"),
            "fusion": med(fusion, "sdfg-map-fusion")}


def dace_simplify(sdfg_file: pathlib.Path, repeat: int) -> float:
    import dace

    def once():
        sdfg = dace.SDFG.from_file(str(sdfg_file))
        start = time.perf_counter()
        sdfg.simplify()
        return time.perf_counter() - start

    return median_of(repeat, once)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--states", type=int, nargs="+", default=[1000, 2000, 4000, 8000])
    ap.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    ap.add_argument("--max-states", type=int, default=2000, help="largest chain DaCe's simplify runs on")
    ap.add_argument("--max-noop-states", type=int, default=8000, help="largest chain the ten no-op passes run on")
    ap.add_argument("--max-fusion-states", type=int, default=4000, help="largest chain map fusion runs on")
    args = ap.parse_args()
    CHAINS.mkdir(parents=True, exist_ok=True)
    rows = {}
    for k in args.states:
        sdfg, mlir = chain_files(k)
        print(f"timing {k} states ...", file=sys.stderr)
        rows[k] = ours(mlir, args.repeat, k <= args.max_noop_states, k <= args.max_fusion_states)
        rows[k]["dace"] = dace_simplify(sdfg, args.repeat) if k <= args.max_states else None
    fmt = lambda x: "skipped" if x is None else f"{x:.3f}"
    lines = [
        f"# IR scaling: chains of states (median of {args.repeat} runs, seconds)",
        "",
        "| states | parse | verify | 10 no-op passes | no-op / parse | `--sdfg-simplify` | DaCe `simplify()` | map fusion |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for k, r in rows.items():
        lines.append(f"| {k} | {fmt(r['parse'])} | {fmt(r['verify'])} | {fmt(r['noop'])} | "
                     f"{fmt(r['noop'] and r['noop'] / r['parse'])} | {fmt(r['simplify'])} | {fmt(r['dace'])} | {fmt(r['fusion'])} |")
    if any(r["dace"] is None for r in rows.values()):
        lines += ["", f"DaCe's simplify is skipped above {args.max_states} states (--max-states)."]
    if any(r["noop"] is None for r in rows.values()):
        lines += ["", f"The no-op passes are skipped above {args.max_noop_states} states (--max-noop-states)."]
    if any(r["fusion"] is None for r in rows.values()):
        lines += ["", f"Map fusion is skipped above {args.max_fusion_states} states (--max-fusion-states)."]
    lines.append("")
    for what, key, big, small in [("verify", "verify", 8000, 2000), ("simplify", "simplify", 4000, 1000)]:
        if big in rows and small in rows:
            lines.append(f"{what} {big}/{small}: {rows[big][key] / rows[small][key]:.1f}x")
    text = "\n".join(lines)
    print(text)
    (BUILD / "ir_scaling.md").write_text(text + "\n")


if __name__ == "__main__":
    main()
