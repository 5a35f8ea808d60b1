#!/usr/bin/env bash
# The device session's whole check in one command, on a machine with an
# NVIDIA GPU: the CUDA and the Vulkan builds of build.sh run on the corpus
# inputs, the tall-map check, then the CUDA benchmark on the build and on
# each further CUDA build named after the logs' folder. Logs go to $1.
#   SDFG_GPU_RUNTIME=vulkan scripts/gpu-check/build.sh target/gpu-check-vk
#   scripts/gpu-check/build.sh   # here (and, for the comparison with
#   DaCe's CUDA code, .venv/bin/python bench/dace_cuda.py prepare
#   target/dace-cuda); then, there:
#   scripts/gpu-check/on-device.sh "$OUT"
# A Vulkan loader the machine lacks travels as .deb files in .gl/.
set -uo pipefail
LOGS="${1:-target/gpu-check-logs}"
mkdir -p "$LOGS"
export PYTHONUNBUFFERED=1
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$HERE/../.."
for f in "$ROOT"/.gl/*.deb; do [ -f "$f" ] && dpkg -x "$f" /; done
ldconfig
ls /usr/local/nvidia/share/vulkan/icd.d /etc/vulkan/icd.d /usr/share/vulkan/icd.d 2>&1
if [ -z "${VK_DRIVER_FILES:-}" ]; then
    for d in /usr/local/nvidia/share/vulkan/icd.d /etc/vulkan/icd.d /usr/share/vulkan/icd.d; do
        for f in "$d"/nvidia_icd*.json; do
            [ -f "$f" ] && [ -z "${VK_DRIVER_FILES:-}" ] && export VK_DRIVER_FILES="$f"
        done
    done
    echo "Vulkan driver: ${VK_DRIVER_FILES:-none found}"
fi
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv 2>&1 | tee "$LOGS/gpu.txt"
# SDFG_SKIP_CUDA_RUN=1: benchmark only (the corpus run passed before).
if [ "${SDFG_SKIP_CUDA_RUN:-0}" != 1 ]; then
    timeout 240 python3 "$HERE/run.py" "$ROOT/target/gpu-check" 2>&1 | tee "$LOGS/cuda.txt"
    timeout 60 python3 "$HERE/tall_map.py" "$ROOT/target/gpu-check" 2>&1 | tee -a "$LOGS/cuda.txt"
fi
if [ -d "$ROOT/target/gpu-check-vk" ]; then
    LD_LIBRARY_PATH="$ROOT/target/gpu-check-vk/lib" VK_LOADER_DEBUG=error,warn SDFG_GPU_TIMING=1 timeout 120 python3 "$HERE/run.py" "$ROOT/target/gpu-check-vk" \
        "$ROOT/target/gpu-check-vk/programs/vec_add.gpu" 2>&1 | tee "$LOGS/vulkan.txt"
    timeout 240 python3 "$HERE/run.py" "$ROOT/target/gpu-check-vk" 2>&1 | tee -a "$LOGS/vulkan.txt"
fi
shift
for build in "$ROOT/target/gpu-check" "$@"; do
    echo "## $build"
    timeout 300 python3 "$ROOT/bench/gpu_cuda.py" "$build" --repeat 5 --kernels 2>&1
done | tee "$LOGS/bench.txt"
# DaCe's own CUDA code for the benchmark's SDFGs (bench/dace_cuda.py
# prepare target/dace-cuda, here with DaCe), built with nvcc there.
if [ -d "$ROOT/target/dace-cuda" ]; then
    command -v nvcc >/dev/null || export PATH=/usr/local/cuda/bin:$PATH
    python3 "$ROOT/bench/dace_cuda.py" build "$ROOT/target/dace-cuda" 2>&1 | tee "$LOGS/dace-build.txt" | grep -v warning | head -40
    timeout 300 python3 "$ROOT/bench/dace_cuda.py" run "$ROOT/target/dace-cuda" "$ROOT/target/gpu-check" --repeat 5 2>&1 | tee "$LOGS/dace.txt"
fi
