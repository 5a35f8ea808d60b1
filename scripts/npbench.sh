#!/usr/bin/env bash
# Runs every NPBench kernel of ../shared/npbench through sdfg-run in every
# configuration (JIT and ahead of time, 1 and 2 threads): DaCe's frontend,
# simplified and auto-optimized SDFGs and our simplify and auto-optimize of
# the frontend SDFG, against NumPy's outputs. The table goes to
# target/npbench-report.md. Extra arguments go to cargo test.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
scripts/setup.sh
SDFG_NPBENCH_CONFIGS=all cargo test --release --test npbench_run "$@" -- --nocapture
