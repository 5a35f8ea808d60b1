"""Simplify parity: `sdfg-opt --sdfg-simplify` on DaCe's frontend SDFGs next
to DaCe 1.0.2's own simplified SDFG of the same program.

For every program with both a `.frontend.sdfg` and a `.simplified.sdfg`
(the corpus and NPBench's SDFGs), runs our simplify on the frontend file and
counts, in ours and in DaCe's, the states (nested SDFGs' and control-flow
regions' included), the dataflow nodes of all states, the nested SDFG nodes,
the view nodes and the transient containers. Prints a table and a summary;
`--markdown FILE` writes the table there.

    .venv/bin/python bench/simplify_parity.py
    .venv/bin/python bench/simplify_parity.py --markdown bench/build/simplify-parity.md

Needs `cargo build --release`; no DaCe import (it reads the JSON files).
"""
import argparse
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release"
SOURCES = [ROOT.parent / "shared" / "sdfg-corpus", ROOT.parent / "shared" / "npbench" / "sdfg"]


def counts(sdfg: dict) -> dict:
    """States, nodes, nested SDFGs, views and transients of an SDFG, nested ones included."""
    out = {"states": 0, "nodes": 0, "nested": 0, "views": 0, "transients": 0}

    def containers(s: dict) -> dict:
        return s.get("attributes", {}).get("_arrays", {})

    def walk_sdfg(s: dict) -> None:
        arrays = containers(s)
        out["transients"] += sum(1 for a in arrays.values() if a.get("attributes", {}).get("transient"))
        views = {n for n, a in arrays.items() if "View" in a.get("type", "")}
        walk_blocks(s.get("nodes", []), views)

    def walk_blocks(blocks: list, views: set) -> None:
        for b in blocks:
            if b.get("type") == "SDFGState":
                out["states"] += 1
                for n in b.get("nodes", []):
                    out["nodes"] += 1
                    if n.get("type") == "NestedSDFG":
                        out["nested"] += 1
                        walk_sdfg(n["attributes"]["sdfg"])
                    elif n.get("type") == "AccessNode" and n.get("attributes", {}).get("data") in views:
                        out["views"] += 1
            else:
                # Loop regions, conditional blocks (branches hold regions).
                walk_blocks(b.get("nodes", []), views)
                for branch in b.get("branches", []):
                    region = branch[1] if isinstance(branch, list) else branch
                    walk_blocks(region.get("nodes", []), views)

    walk_sdfg(sdfg)
    return out


def ours(frontend: pathlib.Path) -> dict:
    imported = subprocess.run([BIN / "sdfg-translate", "--import-sdfg", frontend], capture_output=True, check=True)
    simplified = subprocess.run([BIN / "sdfg-opt", "-", "--sdfg-simplify"], input=imported.stdout, capture_output=True, check=True)
    exported = subprocess.run([BIN / "sdfg-translate", "--export-sdfg", "-"], input=simplified.stdout, capture_output=True, check=True)
    return json.loads(exported.stdout)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--markdown", type=pathlib.Path)
    args = ap.parse_args()
    rows = []
    for src in SOURCES:
        for frontend in sorted(src.glob("*.frontend.sdfg")):
            name = frontend.name[: -len(".frontend.sdfg")]
            dace_file = frontend.with_name(f"{name}.simplified.sdfg")
            if not dace_file.exists():
                continue
            theirs = counts(json.loads(dace_file.read_text()))
            try:
                mine = counts(ours(frontend))
            except subprocess.CalledProcessError as e:
                print(f"{name}: our simplify failed: {e.stderr.decode(errors='replace')[:300]}", file=sys.stderr)
                return 1
            rows.append((f"{src.name}/{name}", theirs, mine))
    keys = ["states", "nodes", "nested", "views", "transients"]
    lines = ["| program | DaCe: " + ", ".join(keys) + " | ours: " + ", ".join(keys) + " | |", "|---|---|---|---|"]
    verdicts = {}
    for name, theirs, mine in rows:
        a, b = (theirs["states"], theirs["nodes"]), (mine["states"], mine["nodes"])
        verdict = "same" if a == b else "ours smaller" if b[0] <= a[0] and b[1] <= a[1] else "ours larger" if b[0] >= a[0] and b[1] >= a[1] else "mixed"
        verdicts[verdict] = verdicts.get(verdict, 0) + 1
        lines.append(f"| {name} | {', '.join(str(theirs[k]) for k in keys)} | {', '.join(str(mine[k]) for k in keys)} | {verdict} |")
    summary = f"{len(rows)} programs, states and nodes against DaCe's: " + ", ".join(
        f"{v} {verdicts.get(v, 0)}" for v in ["same", "ours smaller", "ours larger", "mixed"])
    text = "\n".join(lines + ["", summary])
    print(text)
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        head = ("# Simplify parity with DaCe 1.0.2\n\nWritten by `bench/simplify_parity.py --markdown`: our `--sdfg-simplify` of each "
                "DaCe frontend SDFG against DaCe's simplified SDFG of the same program (counts include nested SDFGs and "
                "control-flow regions). docs/transformations.md (sdfg-simplify) explains the differences.\n\n")
        args.markdown.write_text(head + text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
