#!/usr/bin/env bash
# Builds the Vulkan probe: two gpu-dialect kernels lowered by MLIR to SPIR-V,
# a hand-written SPIR-V compare-and-swap kernel, and a C host over libvulkan.
# Run target/vulkan-probe/vk_probe target/vulkan-probe: it prints PASS or
# FAIL. Needs Debian's libvulkan-dev and a Vulkan driver (Mesa's lavapipe:
# mesa-vulkan-drivers). A device check, not part of the test suite.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../../target/vulkan-probe}
bin=${LLVM_BIN_DIR:-$(llvm-config-22 --bindir 2>/dev/null || llvm-config --bindir)}
mkdir -p "$out"
target='spirv-attach-target{module=kernels ver=v1.3 caps=Shader,Float64,Int64,Int64Atomics exts=SPV_KHR_storage_buffer_storage_class client_api=Vulkan}'
for k in axpy block_sum; do
  "$bin/mlir-opt" "$here/$k.mlir" -o "$out/$k.lowered.mlir" \
    --pass-pipeline="builtin.module($target, convert-gpu-to-spirv, spirv.module(spirv-lower-abi-attrs, spirv-update-vce))"
  python3 "$here/spirv_module.py" "$out/$k.lowered.mlir" > "$out/$k.spirv.mlir"
  "$bin/mlir-translate" --no-implicit-module --serialize-spirv "$out/$k.spirv.mlir" -o "$out/$k.spv"
done
"$bin/mlir-translate" --no-implicit-module --serialize-spirv "$here/cas_add.spirv.mlir" -o "$out/cas_add.spv"
cc -O2 -o "$out/vk_probe" "$here/vk_probe.c" -lvulkan -lm
echo "built $out/vk_probe"
