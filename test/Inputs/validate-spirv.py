"""Checks the kernels `sdfg-run --emit spirv` printed (standard input)
against the SPIR-V rules for Vulkan 1.3: each `spirv.module` is serialised
with mlir-translate and given to spirv-val. Prints one line per kernel
module; exits 1 if any is invalid."""
import re
import subprocess
import sys
import tempfile

text = sys.stdin.read()
parts = re.split(r"^// gpu\.module @(\S+)\n", text, flags=re.M)[1:]
if not parts:
    sys.exit("no spirv.module in the input")
failed = False
with tempfile.TemporaryDirectory() as tmp:
    for name, module in zip(parts[0::2], parts[1::2]):
        src, binary = f"{tmp}/{name}.mlir", f"{tmp}/{name}.spv"
        with open(src, "w") as f:
            f.write(module)
        subprocess.run(["mlir-translate", "--no-implicit-module", "--serialize-spirv", src, "-o", binary], check=True)
        r = subprocess.run(["spirv-val", "--target-env", "vulkan1.3", binary], capture_output=True, text=True)
        print(f"{name}: {'valid' if r.returncode == 0 else 'invalid: ' + (r.stdout + r.stderr).strip()}")
        failed |= r.returncode != 0
sys.exit(1 if failed else 0)
