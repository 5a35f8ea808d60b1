"""sdfg-mlir for Python: data-centric programs (DaCe's ``@dace.program``
subset) compiled in process by sdfg-mlir and run on NumPy arrays.

    from sdfg_mlir import program, float64, symbol

    N = symbol("N")

    @program
    def axpy(a: float64, x: float64[N], y: float64[N]):
        y[:] = a * x + y

    axpy(2.0, x, y)      # compiles once, then runs on x and y in place
    axpy.to_sdfg()       # the SDFG as DaCe's .sdfg JSON
"""

from ._native import CompileError
from ._program import Program, cache_root, program
from .dtypes import (
    ArrayType,
    bool_,
    complex64,
    complex128,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    symbol,
    typeclass,
    uint8,
    uint16,
    uint32,
    uint64,
)

__all__ = [
    "ArrayType", "CompileError", "Program", "bool_", "cache_root", "complex64", "complex128", "float16",
    "float32", "float64", "int8", "int16", "int32", "int64", "program", "symbol", "typeclass", "uint8",
    "uint16", "uint32", "uint64",
]
