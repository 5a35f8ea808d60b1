#!/usr/bin/env bash
# Create $REPO/.venv with dace 1.0.2 (used by test/interop/dace_check.py),
# SciPy (../shared/npbench/make_data.py needs it for spmv's inputs),
# maturin and pytest (building and testing the Python package, python/) and
# NVIDIA's nvidia-cuda-nvcc-cu12 (ptxas and libdevice: test/gpu_ptx.rs
# assembles our PTX with them; no GPU needed).
# Idempotent: exits quickly when the venv already has dace 1.0.2.
# All progress goes to stderr; nothing is printed on stdout.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv"
STAMP="$VENV/.dace-1.0.2-scipy-nvcc-maturin.stamp"
DACE_VERSION="1.0.2"
# networkx >= 3.5 breaks dace 1.0.2 (immediate_dominators change).
# SciPy 1.13.1 is the version the NPBench reference data was checked with.
# maturin and pytest build and test the Python package (python/).
PKGS=("dace==$DACE_VERSION" "networkx<3.5" "scipy==1.13.1" "nvidia-cuda-nvcc-cu12==12.9.86" "maturin>=1.5,<2" "pytest")

log() { echo "setup-venv: $*" >&2; }

# Fast path: stamp present and dace importable at the right version.
if [[ -f "$STAMP" && -x "$VENV/bin/python" ]] &&
   "$VENV/bin/python" -c "import dace, scipy, sys; sys.exit(dace.__version__ != '$DACE_VERSION')" >/dev/null 2>&1; then
    log "venv at $VENV is ready (dace $DACE_VERSION)"
    exit 0
fi

PY="${PYTHON:-python3}"
command -v "$PY" >/dev/null || { log "error: $PY not found"; exit 1; }

make_venv() { "$PY" -m venv "$VENV" >&2 2>&1; }

if [[ ! -x "$VENV/bin/pip" ]]; then
    log "creating venv at $VENV"
    rm -rf "$VENV"
    if ! make_venv; then
        # Debian ships venv/ensurepip separately (python3-venv).
        log "python3 -m venv failed; installing python3-venv with apt-get"
        rm -rf "$VENV"
        SUDO=""
        [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
        export DEBIAN_FRONTEND=noninteractive
        $SUDO apt-get update >&2
        pyver="$("$PY" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
        $SUDO apt-get install -y python3-venv >&2 ||
            $SUDO apt-get install -y "python${pyver}-venv" >&2
        # python3-venv serves Debian's /usr/bin/python3; fall back to it if $PY is another build.
        make_venv || { rm -rf "$VENV"; PY=/usr/bin/python3; make_venv; }
    fi
fi

log "installing ${PKGS[*]}"
"$VENV/bin/python" -m pip install --disable-pip-version-check -q --upgrade pip >&2 || true
"$VENV/bin/python" -m pip install --disable-pip-version-check -q "${PKGS[@]}" >&2
"$VENV/bin/python" -c "import dace; assert dace.__version__ == '$DACE_VERSION', dace.__version__" >&2
touch "$STAMP"
log "done: $VENV (dace $DACE_VERSION)"
