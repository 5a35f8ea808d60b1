#!/usr/bin/env bash
# Installs what building and testing need, idempotently: LLVM/MLIR 22 and
# clang from Debian, Vulkan (lavapipe) and the SPIR-V validator, Graphviz
# (sdfg-translate --export-svg), Chromium (the viewer's browser test), XRT's
# headers (the FPGA host programs must compile against them), and the
# Python venv with DaCe 1.0.2 for the interop test.
set -euo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

PACKAGES=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 libclang1-22 libopenblas-dev liblapacke-dev
          libomp-22-dev libpolly-22-dev libzstd-dev python3-venv mesa-vulkan-drivers libvulkan1 libvulkan-dev
          spirv-tools graphviz chromium libxrt-dev)

missing=()
for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    SUDO=""
    [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -qq >&2
    $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi

if [[ "${SDFG_SKIP_VENV:-0}" != 1 ]]; then
    "$REPO/scripts/setup-venv.sh"
fi
