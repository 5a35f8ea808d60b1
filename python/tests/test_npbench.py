"""NPBench kernels (../shared/npbench) through the package: each kernel's
DaCe program wrapped in ``sdfg_mlir.program``, called on NPBench's inputs
at the manifest's preset and compared with NumPy's outputs under the
manifest's tolerances. The kernels are written with ``import dace``, so
this needs DaCe installed (the CI venv has it); kernels our frontend does
not take yet are those listed for ``python`` in
test/npbench/expected-failures.txt."""

import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import sdfg_mlir

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
NPBENCH = os.path.join(REPO, "..", "shared", "npbench")
DATA = os.path.join(REPO, "target", "npbench-data")


def expected_failures():
    names = set()
    with open(os.path.join(REPO, "test", "npbench", "expected-failures.txt")) as f:
        for line in f:
            words = line.split(":")[0].split()
            if len(words) >= 2 and not line.startswith("#") and words[1] in ("python", "*"):
                names.add(words[0])
    return names


def kernels():
    if not os.path.isdir(NPBENCH):
        return []
    names = sorted(f[:-5] for f in os.listdir(NPBENCH) if f.endswith(".json"))
    failing = expected_failures()
    return [pytest.param(n, marks=pytest.mark.skip(reason="listed in expected-failures.txt")) if n in failing else n for n in names]


def inputs_of(name):
    path = os.path.join(DATA, f"{name}.npz")
    if not os.path.exists(path):
        subprocess.run([sys.executable, os.path.join(NPBENCH, "make_data.py"), "--out", DATA, name], check=True)
    with np.load(path) as data:
        return {k: data[k] for k in data.files}


def load_program(manifest):
    pytest.importorskip("dace")
    name = manifest["name"]
    path = os.path.join(NPBENCH, "kernels", name, f"{name}_dace.py")
    spec = importlib.util.spec_from_file_location(f"npbench_{name}_dace", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return sdfg_mlir.program(getattr(module, manifest["npbench"]["func_name"]))


def tolerance(manifest, dtype):
    rules = manifest["compare"]["float_default"]
    key = "float32/complex64" if dtype in (np.float32, np.complex64) else "float64/complex128"
    return rules[key]["rtol"], rules[key]["atol"]


@pytest.mark.parametrize("name", kernels())
def test_kernel_matches_numpy(name):
    with open(os.path.join(NPBENCH, f"{name}.json")) as f:
        manifest = json.load(f)
    prog = load_program(manifest)
    data = inputs_of(name)
    args = {k[3:]: v for k, v in data.items() if k.startswith("in.")}
    symbols = {a for a, kind, _, _ in prog.compile().arguments if kind == "symbol"}
    given = {s: v for s, v in manifest["symbols"].items() if s in symbols and s not in args}
    result = prog(**args, **given)
    returned = {}
    if isinstance(result, tuple):
        returned = {f"__return_{k}": r for k, r in enumerate(result)}
    elif result is not None:
        returned = {"__return": result}
    for out in manifest["outputs"]:
        got = returned[out] if out.startswith("__return") else args[out]
        want = data[f"out.{out}"]
        got = np.asarray(got).reshape(want.shape)
        if want.dtype.kind in "fc":
            rtol, atol = tolerance(manifest, want.dtype.type)
            np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, err_msg=f"{name}: {out}")
        else:
            np.testing.assert_array_equal(got, want, err_msg=f"{name}: {out}")
