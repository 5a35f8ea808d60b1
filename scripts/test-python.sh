#!/usr/bin/env bash
# Builds the Python package (python/) into the .venv with maturin, in this
# checkout's target/ (the compiler's crates are shared with `cargo build
# --release`), and runs its pytest suite: the package's own tests and the
# NPBench kernels through `sdfg_mlir.program`.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$REPO"
VENV="$REPO/.venv"
[[ -x "$VENV/bin/maturin" ]] || scripts/setup-venv.sh
PATH="$VENV/bin:$PATH" "$VENV/bin/python" -m pip install --disable-pip-version-check -q --no-build-isolation ./python >&2
exec "$VENV/bin/python" -m pytest -q python/tests "$@"
