"""Writes bench/sdfg/<kernel>.sdfg (dace's default, simplified `to_sdfg()`)
and bench/sdfg/<kernel>.autoopt.sdfg (after `auto_optimize` for the CPU).

Run with the project's venv: `.venv/bin/python bench/make_sdfgs.py`.
The outputs are committed so the benchmark does not depend on regenerating
them; rerun this only when kernels.py changes.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import dace  # noqa: E402
from dace.transformation.auto.auto_optimize import auto_optimize  # noqa: E402

from kernels import PROGRAMS  # noqa: E402


def build(prog, autoopt):
    sdfg = prog.to_sdfg()
    if autoopt:
        auto_optimize(sdfg, dace.DeviceType.CPU)
    return sdfg


def main():
    out_dir = os.path.join(HERE, "sdfg")
    os.makedirs(out_dir, exist_ok=True)
    for name, prog in PROGRAMS.items():
        for autoopt in (False, True):
            path = os.path.join(out_dir, name + (".autoopt" if autoopt else "") + ".sdfg")
            build(prog, autoopt).save(path)
            print("wrote", os.path.relpath(path))


if __name__ == "__main__":
    main()
