# lit configuration for the sdfg-mlir test suite.
import os
import lit.formats

config.name = "sdfg-mlir"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["interop", "Inputs", "common", "extra-corpus", "npbench", "fuzz", "lit.cfg.py"]
config.substitutions.append(("clang ", "/usr/lib/llvm-22/bin/clang "))
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# Keep lit's scratch files out of the source tree.
config.test_exec_root = os.path.join(os.path.dirname(config.test_source_root), "target", "lit")

bin_dir = os.path.abspath(os.environ.get("SDFG_BIN_DIR", "target/release"))
llvm_bin = os.environ.get("LLVM_TOOLS_DIR", "/usr/lib/llvm-22/bin")
config.environment["PATH"] = os.pathsep.join([bin_dir, llvm_bin, os.environ.get("PATH", "")])

repo = os.path.dirname(config.test_source_root)
corpus = os.environ.get("SDFG_CORPUS", os.path.join(os.path.dirname(repo), "shared", "sdfg-corpus"))
config.substitutions.append(("%corpus", corpus))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
# The repository's Python environment (scripts/setup-venv.sh): NVIDIA's
# nvidia-cuda-nvcc-cu12 package there provides libdevice.
config.substitutions.append(("%venv", os.path.join(repo, ".venv")))
