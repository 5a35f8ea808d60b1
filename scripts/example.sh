#!/usr/bin/env bash
# The main job on a bundled example (DaCe's jacobi_2d): import the DaCe
# .sdfg file into the sdfg dialect and verify it, export it back to .sdfg
# JSON, auto-optimize it, compile and run both versions on the same inputs,
# check that the optimized one computes what the original does, print the
# speedup, and draw both versions as HTML pages.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
SDFG_SKIP_VENV=1 scripts/setup.sh
cargo build --release --quiet
BIN="$REPO/target/release"
OUT="${OUT:-$REPO/target/example}"
mkdir -p "$OUT"
INPUT="${1:-examples/jacobi_2d.sdfg}"
N="${N:-1200}"
T="${T:-20}"
echo "== importing $INPUT" >&2
"$BIN/sdfg-translate" --import-sdfg "$INPUT" -o "$OUT/example.mlir"
echo "== verifying" >&2
"$BIN/sdfg-opt" "$OUT/example.mlir" -o /dev/null
echo "== exporting back to $OUT/example.sdfg" >&2
"$BIN/sdfg-translate" --export-sdfg "$OUT/example.mlir" -o "$OUT/example.sdfg"
echo "== auto-optimizing into $OUT/example.opt.mlir" >&2
"$BIN/sdfg-opt" "$OUT/example.mlir" --sdfg-auto-optimize -o "$OUT/example.opt.mlir"
echo "== inputs: A and B of $N x $N, T = $T" >&2
python3 - "$OUT/inputs.npz" "$N" <<'PY'
import array, importlib, sys
sys.path.insert(0, "test/Inputs")
write = importlib.import_module("ramp-npz").write
path, n = sys.argv[1], int(sys.argv[2])
a = array.array("d", ((i * 37 % 101) / 101.0 for i in range(n * n)))
b = array.array("d", ((i * 53 % 97) / 97.0 for i in range(n * n)))
write(path, {"A": a, "B": b}, shapes={"A": (n, n), "B": (n, n)})
PY
echo "== running the original" >&2
before="$("$BIN/sdfg-run" "$OUT/example.mlir" --inputs "$OUT/inputs.npz" --symbol "T=$T" --repeat 5 -o "$OUT/reference.npz" 2>&1 | tee /dev/stderr)"
echo "== running the auto-optimized version, checked against the original's outputs" >&2
after="$("$BIN/sdfg-run" "$OUT/example.opt.mlir" --inputs "$OUT/inputs.npz" --symbol "T=$T" --repeat 5 --expected "$OUT/reference.npz" 2>&1 | tee /dev/stderr)"
median() { sed -n 's/.*median \([0-9.]*\) s.*/\1/p' <<<"$1"; }
python3 -c "import sys; b, a = float(sys.argv[1]), float(sys.argv[2]); print(f'speedup of auto-optimize: {b / a:.2f}x ({b * 1e3:.1f} ms -> {a * 1e3:.1f} ms, median of 5 runs)')" \
    "$(median "$before")" "$(median "$after")"
echo "== drawing both versions" >&2
"$BIN/sdfg-translate" --export-html "$OUT/example.mlir" -o "$OUT/example.html"
"$BIN/sdfg-translate" --export-html "$OUT/example.opt.mlir" -o "$OUT/example.opt.html"
echo "== done: $OUT/example.mlir, $OUT/example.sdfg, $OUT/example.opt.mlir; views: $OUT/example.html, $OUT/example.opt.html" >&2
