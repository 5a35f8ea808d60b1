#!/usr/bin/env bash
# Builds every GPU device variant of the corpus for CUDA (sdfg-compile
# --gpu-runtime cuda: host library with the kernels' PTX inside) or Vulkan into
# target/gpu-check, with the programs' data and manifests and the OpenMP
# runtime the libraries link, so that run.py can run them on a machine with
# an NVIDIA driver and no compiler toolchain. Variants that do not compile
# are listed in target/gpu-check/refused.txt with the reason.
# SDFG_GPU_BLOCK_SIZE (X[,Y[,Z]]) sets the block size of maps that give none;
# SDFG_GPU_RUNTIME=vulkan builds SPIR-V kernels for the Vulkan runtime instead
# (the machine then needs a Vulkan loader and driver).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/../.."
CORPUS="${SDFG_CORPUS:-$ROOT/../shared/sdfg-corpus}"
OUT="${1:-$ROOT/target/gpu-check}"
RUNTIME="${SDFG_GPU_RUNTIME:-cuda}"
TARGET=(--gpu-runtime "$RUNTIME")
[ "$RUNTIME" = cuda ] && TARGET+=(--gpu-chip "${SDFG_GPU_CHIP:-sm_90}")
BIN="${SDFG_BIN_DIR:-$ROOT/target/release}"
# libdevice (exp, log, ... in kernels): the repository venv's
# nvidia-cuda-nvcc-cu12 package (scripts/setup-venv.sh) unless given.
if [ -z "${SDFG_CUDA_LIBDEVICE:-}" ]; then
    for f in "$ROOT"/.venv/lib/python*/site-packages/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc; do
        [ -f "$f" ] && export SDFG_CUDA_LIBDEVICE="$f"
    done
fi
BLOCK=()
[ -n "${SDFG_GPU_BLOCK_SIZE:-}" ] && BLOCK=(--gpu-block-size "$SDFG_GPU_BLOCK_SIZE")
rm -rf "$OUT"
mkdir -p "$OUT/lib" "$OUT/data" "$OUT/programs"
cp -L /usr/lib/llvm-22/lib/libomp.so.5 "$OUT/lib/"
: > "$OUT/refused.txt"
for f in "$CORPUS"/device/*.gpu*.sdfg; do
    name="$(basename "$f" .sdfg)"
    prog="${name%%.*}"
    dir="$OUT/programs/$name"
    mkdir -p "$dir"
    if err="$("$BIN/sdfg-compile" "$f" "${TARGET[@]}" "${BLOCK[@]}" -o "$dir" 2>&1)"; then
        cp "$CORPUS/$prog.npz" "$CORPUS/$prog.json" "$OUT/data/"
    else
        rm -rf "$dir"
        printf '%s\t%s\n' "$name" "$(echo "$err" | tail -1)" >> "$OUT/refused.txt"
    fi
done
# A map taller than CUDA's grid limit on y (checked by tall_map.py).
mkdir -p "$OUT/extra/tall_map"
"$BIN/sdfg-compile" "$ROOT/test/GPU/Inputs/tall-map.mlir" "${TARGET[@]}" "${BLOCK[@]}" -o "$OUT/extra/tall_map"
echo "built $(ls "$OUT/programs" | wc -l) programs, refused $(wc -l < "$OUT/refused.txt") (see $OUT/refused.txt)"
