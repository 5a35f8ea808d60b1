#!/usr/bin/env bash
# Builds the GPU path check: two gpu-dialect programs (axpy; a block sum in
# workgroup memory with an f64 atomic add, and a product through a
# compare-and-swap loop) lowered by MLIR 22 to PTX for sm_90, host code
# linked against the lowering's CUDA runtime (lowering/gpu/cuda_runtime.c)
# and memory.c. Run the result on a machine with an NVIDIA
# driver: it prints PASS or FAIL and exits 0 or 1.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LLVM="${SDFG_LLVM_PREFIX:-/usr/lib/llvm-22}"
OUT="${1:-$HERE/../../target/gpu-probe}"
CHIP="${SDFG_GPU_CHIP:-sm_90}"
mkdir -p "$OUT"
for prog in axpy reduce; do
    "$LLVM/bin/mlir-opt" "$HERE/$prog.mlir" --gpu-async-region \
        --gpu-lower-to-nvvm-pipeline="cubin-chip=$CHIP cubin-features=+ptx80 cubin-format=isa opt-level=3" \
        -o "$OUT/$prog.lowered.mlir"
    "$LLVM/bin/mlir-translate" --mlir-to-llvmir "$OUT/$prog.lowered.mlir" -o "$OUT/$prog.ll"
    "$LLVM/bin/clang" -O2 -Wno-override-module -c "$OUT/$prog.ll" -o "$OUT/$prog.o"
done
"$LLVM/bin/clang" -O2 -Wall -c "$HERE/../../lowering/gpu/cuda_runtime.c" -o "$OUT/cuda_runtime.o"
"$LLVM/bin/clang" -O2 -Wall -c "$HERE/memory.c" -o "$OUT/memory.o"
"$LLVM/bin/clang" -O2 -Wall -c "$HERE/main.c" -o "$OUT/main.o"
"$LLVM/bin/clang" -o "$OUT/gpu_probe" "$OUT/main.o" "$OUT/cuda_runtime.o" "$OUT/memory.o" "$OUT/axpy.o" "$OUT/reduce.o" -ldl -lm
echo "$OUT/gpu_probe"
