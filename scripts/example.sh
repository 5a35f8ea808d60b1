#!/usr/bin/env bash
# The main job on a bundled example: import a DaCe .sdfg file into the sdfg
# dialect, verify it, print it, and export it back to .sdfg JSON.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
SDFG_SKIP_VENV=1 scripts/setup.sh
cargo build --release --quiet
BIN="$REPO/target/release"
OUT="${OUT:-$REPO/target/example}"
mkdir -p "$OUT"
INPUT="${1:-examples/jacobi_2d.sdfg}"
echo "== importing $INPUT" >&2
"$BIN/sdfg-translate" --import-sdfg "$INPUT" -o "$OUT/example.mlir"
echo "== verifying and printing the dialect" >&2
"$BIN/sdfg-opt" "$OUT/example.mlir"
echo "== exporting back to $OUT/example.sdfg" >&2
"$BIN/sdfg-translate" --export-sdfg "$OUT/example.mlir" -o "$OUT/example.sdfg"
echo "== done: $OUT/example.mlir, $OUT/example.sdfg" >&2
