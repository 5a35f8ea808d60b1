"""Types and symbols for program annotations, without DaCe installed.

``float64[N, M]`` is an array type, ``float64`` a scalar type and
``symbol('N')`` a symbolic size. The compiler reads the annotations from the
source text; these objects only make the annotations valid Python, and show
what they mean when printed.
"""

import numpy as np


class SymExpr:
    """A symbolic size expression (``N``, ``2 * N + 1``)."""

    def __init__(self, text):
        self._text = text

    def __repr__(self):
        return self._text

    def _op(self, op, other, reverse=False):
        left, right = (other, self) if reverse else (self, other)
        return SymExpr(f"({left} {op} {right})")

    def __add__(self, o): return self._op("+", o)
    def __radd__(self, o): return self._op("+", o, True)
    def __sub__(self, o): return self._op("-", o)
    def __rsub__(self, o): return self._op("-", o, True)
    def __mul__(self, o): return self._op("*", o)
    def __rmul__(self, o): return self._op("*", o, True)
    def __floordiv__(self, o): return self._op("//", o)
    def __rfloordiv__(self, o): return self._op("//", o, True)
    def __truediv__(self, o): return self._op("/", o)
    def __mod__(self, o): return self._op("%", o)
    def __pow__(self, o): return self._op("**", o)
    def __neg__(self): return SymExpr(f"(-{self})")


class symbol(SymExpr):
    """A symbolic size, ``N = symbol('N')``; its value comes from the
    shapes of the arrays a program is called with, or a keyword argument."""

    def __init__(self, name, dtype=None):
        super().__init__(name)
        self.name = name
        self.dtype = dtype if dtype is not None else int64


class typeclass:
    """A scalar type; ``t[dims]`` is an array of it."""

    def __init__(self, name):
        self.name = name
        self.type = np.dtype(name).type

    def __repr__(self):
        return self.name

    def __getitem__(self, dims):
        return ArrayType(self, dims if isinstance(dims, tuple) else (dims,))

    def __call__(self, value):
        return self.type(value)


class ArrayType:
    """``dtype[dims]``: an array annotation."""

    def __init__(self, dtype, shape):
        self.dtype = dtype
        self.shape = shape

    def __repr__(self):
        return f"{self.dtype}[{', '.join(map(str, self.shape))}]"


bool_ = typeclass("bool")
int8 = typeclass("int8")
int16 = typeclass("int16")
int32 = typeclass("int32")
int64 = typeclass("int64")
uint8 = typeclass("uint8")
uint16 = typeclass("uint16")
uint32 = typeclass("uint32")
uint64 = typeclass("uint64")
float16 = typeclass("float16")
float32 = typeclass("float32")
float64 = typeclass("float64")
complex64 = typeclass("complex64")
complex128 = typeclass("complex128")
