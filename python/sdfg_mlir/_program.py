"""``@program``: a data-centric Python function compiled by sdfg-mlir and
called on NumPy arrays in place."""

import hashlib
import inspect
import os
import threading
import warnings

import numpy as np

from . import _native


def cache_root():
    """Where compiled programs are kept: ``$SDFG_MLIR_CACHE``, else
    ``$XDG_CACHE_HOME/sdfg_mlir`` (``~/.cache/sdfg_mlir``)."""
    explicit = os.environ.get("SDFG_MLIR_CACHE")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "sdfg_mlir")


def _native_identity():
    """Changes whenever the extension is rebuilt: old cache entries then go unused."""
    st = os.stat(_native.__file__)
    return f"{st.st_size}:{st.st_mtime_ns}"


class Program:
    """A compiled data-centric program. Call it like the function; the
    first call compiles (once per recipe, kept on disk), later calls run
    the compiled code on the arrays given, without copying them."""

    def __init__(self, func, simplify=True, auto_optimize=False, device="cpu", cache=True):
        # A DaCe program (`@dace.program`) holds the function as `.f`.
        if not inspect.isfunction(func) and inspect.isfunction(getattr(func, "f", None)):
            func = func.f
        if not inspect.isfunction(func):
            raise TypeError(f"sdfg_mlir.program: {func!r} is not a function")
        if "<locals>" in func.__qualname__:
            raise TypeError(f"sdfg_mlir.program: '{func.__qualname__}' is defined inside a function; define programs at module level")
        self.func = func
        self.name = func.__name__
        self.file = inspect.getsourcefile(func)
        if self.file is None or not os.path.isfile(self.file):
            raise TypeError(f"sdfg_mlir.program: the source of '{self.name}' is not in a file")
        self.simplify = simplify
        self.auto_optimize = auto_optimize
        self.device = device
        self.cache = cache
        self.signature = inspect.signature(func)
        self._compiled = None
        self._lock = threading.Lock()
        self.__doc__ = func.__doc__
        self.__name__ = func.__name__
        self.__wrapped__ = func

    def __repr__(self):
        return f"<sdfg_mlir.program {self.name} of {self.file}>"

    def _recipe(self):
        return (self.file, self._source(), self.name, self.simplify, self.auto_optimize, self.device)

    def _source(self):
        with open(self.file, encoding="utf-8") as f:
            return f.read()

    def validate(self):
        """Imports the program and checks it (DaCe's validation rules), with
        the program's transformations; raises CompileError at the source
        line of the first problem. Compiles nothing."""
        _native.validate(*self._recipe())

    def to_sdfg(self, path=None):
        """The program as DaCe ``.sdfg`` JSON text; also written to ``path`` when given."""
        text = _native.to_sdfg(*self._recipe())
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        return text

    def to_mlir(self):
        """The program in the ``sdfg`` MLIR dialect, as text."""
        return _native.to_mlir(*self._recipe())

    def compile(self):
        """Compiles the program (or opens it from the cache) and keeps it."""
        with self._lock:
            return self._compile_once()

    def _compile_once(self):
        if self._compiled is None:
            file, source, name, simplify, auto_optimize, device = self._recipe()
            cache = None
            if self.cache:
                key = "\0".join([_native_identity(), file, source, name, str(simplify), str(auto_optimize), device])
                digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
                root = cache_root()
                os.makedirs(root, exist_ok=True)
                cache = os.path.join(root, f"{name}-{digest}")
            compiled = _native.compile(file, source, name, simplify, auto_optimize, device, cache)
            for w in compiled.warnings:
                warnings.warn(f"{file}: {w}", RuntimeWarning, stacklevel=4)
            self._compiled = compiled
        return self._compiled

    def __call__(self, *args, **kwargs):
        compiled = self.compile()
        values, symbols = self._bind_names(args, kwargs)
        known = {name for name, kind, _, _ in compiled.arguments if kind == "symbol"}
        unknown = sorted(set(symbols) - known)
        if unknown:
            raise TypeError(f"{self.name}() got unexpected keyword argument(s) {', '.join(unknown)} (its symbols: {', '.join(sorted(known)) or 'none'})")
        return _Call(compiled, values, symbols).run()

    def _bind_names(self, args, kwargs):
        """Argument values by parameter name, and symbols given by keyword."""
        params = list(self.signature.parameters)
        if len(args) > len(params):
            raise TypeError(f"{self.name}() takes {len(params)} arguments but {len(args)} were given")
        values = dict(zip(params, args))
        symbols = {}
        for key, value in kwargs.items():
            if key in params:
                if key in values:
                    raise TypeError(f"{self.name}() got multiple values for argument '{key}'")
                values[key] = value
            elif isinstance(value, (int, np.integer)) and not isinstance(value, bool):
                symbols[key] = int(value)
            else:
                raise TypeError(f"{self.name}() got an unexpected keyword argument '{key}'")
        missing = [p for p in params if p not in values and self.signature.parameters[p].default is inspect.Parameter.empty]
        if missing:
            raise TypeError(f"{self.name}() missing argument(s): {', '.join(missing)}")
        for p in params:
            if p not in values:
                values[p] = self.signature.parameters[p].default
        return values, symbols


class _Call:
    """One call: arguments checked and laid out, the program run, results out."""

    def __init__(self, compiled, values, symbols):
        self.compiled = compiled
        self.values = values
        self.symbols = symbols
        self.write_back = []

    def _array(self, name, dtype, value):
        if not isinstance(value, np.ndarray):
            raise TypeError(f"argument '{name}' must be a NumPy array of {dtype}, not {type(value).__name__}")
        if value.dtype != np.dtype(dtype):
            raise TypeError(f"argument '{name}' has dtype {value.dtype}, the program expects {dtype}")
        if value.flags.c_contiguous and value.flags.aligned and value.flags.writeable:
            return value
        # The program addresses arrays in C order: run on a C-ordered copy,
        # then copy the results back into the array given.
        copy = np.ascontiguousarray(value)
        if value.flags.writeable:
            self.write_back.append((value, copy))
        return copy

    @staticmethod
    def _scalar(name, dtype, value):
        target = np.dtype(dtype)
        if isinstance(value, np.ndarray):
            if value.size != 1:
                raise TypeError(f"argument '{name}' is a scalar of {dtype}, not an array of shape {value.shape}")
            value = value.reshape(())[()]
        given = np.asarray(value)
        if given.dtype.kind not in "biufc" or not np.can_cast(given.dtype, target, casting="same_kind"):
            raise TypeError(f"argument '{name}' is a scalar of {dtype}, not {type(value).__name__}")
        return np.array(value, dtype=target)

    def run(self):
        arguments = self.compiled.arguments
        buffers = {}
        for name, kind, dtype, _ in arguments:
            if name.startswith("__return") or kind == "symbol":
                continue
            if name not in self.values:
                raise TypeError(f"missing argument '{name}'")
            value = self.values[name]
            buffers[name] = self._array(name, dtype, value) if kind == "array" else self._scalar(name, dtype, value)
        arrays = {name for name, kind, _, _ in arguments if kind == "array"}
        shapes = {n: tuple(b.shape) for n, b in buffers.items() if n in arrays}
        symbols, all_shapes = self.compiled.bind(shapes, self.symbols)
        returns = []
        for name, kind, dtype, _ in arguments:
            if name.startswith("__return"):
                shape = all_shapes[name] if kind == "array" else ()
                buffers[name] = np.empty(shape, dtype=np.dtype(dtype))
                returns.append(name)
            elif kind == "symbol":
                buffers[name] = np.array(symbols[name], dtype=np.int64)
        order = [buffers[name] for name, _, _, _ in arguments]
        self.compiled.call([b.ctypes.data for b in order])
        for original, copy in self.write_back:
            np.copyto(original, copy)
        return self._results(returns, buffers)

    @staticmethod
    def _results(returns, buffers):
        out = [buffers[n][()] if buffers[n].ndim == 0 else buffers[n] for n in sorted(returns, key=_return_index)]
        if not out:
            return None
        if returns == ["__return"]:
            return out[0]
        return tuple(out)


def _return_index(name):
    suffix = name[len("__return_"):]
    return int(suffix) if suffix.isdigit() else -1


def program(func=None, *, simplify=True, auto_optimize=False, device="cpu", cache=True):
    """Compiles a data-centric Python function, as ``@dace.program`` does.

    ``@program`` or ``@program(auto_optimize=True, device="gpu")``:
    ``simplify`` runs DaCe's simplify pipeline, ``auto_optimize`` its
    auto-optimization for the device (``"cpu"`` or ``"gpu"``); ``cache``
    keeps the compiled program on disk (see :func:`cache_root`).
    """

    def wrap(f):
        return Program(f, simplify=simplify, auto_optimize=auto_optimize, device=device, cache=cache)

    return wrap(func) if func is not None else wrap
