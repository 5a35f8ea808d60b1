"""@program: compiling, calling on NumPy arrays, results, errors, caching."""

import importlib.util
import json
import os
import subprocess
import sys

import numpy as np
import pytest

import sdfg_mlir
import programs


def load_module(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_runs_on_the_arrays_in_place():
    x = np.arange(10.0)
    y = np.ones(10)
    address = y.ctypes.data
    assert programs.axpy(2.0, x, y) is None
    np.testing.assert_array_equal(y, 2.0 * np.arange(10.0) + 1.0)
    assert y.ctypes.data == address


def test_symbols_come_from_shapes_so_one_compile_serves_every_size():
    for n in (1, 7, 1000):
        x = np.linspace(0.0, 1.0, n)
        y = np.full(n, 3.0)
        programs.axpy(0.5, x, y)
        np.testing.assert_allclose(y, 0.5 * x + 3.0)


def test_returns_arrays_and_tuples():
    x = np.arange(5.0)
    np.testing.assert_allclose(programs.norm(x), [np.linalg.norm(x)])
    first, second = programs.pair(x)
    np.testing.assert_array_equal(first, x + 1)
    np.testing.assert_array_equal(second, x * 2)
    A = np.random.default_rng(0).random((4, 6))
    v = np.random.default_rng(1).random(6)
    np.testing.assert_allclose(programs.matvec(A, v), A @ v, rtol=1e-12)


def test_loops_conditions_and_other_dtypes():
    A = np.ones((3, 4), dtype=np.float32)
    programs.scale_rows(A, np.array([1, 2, 3], dtype=np.float32))
    np.testing.assert_array_equal(A, np.array([[1] * 4, [2] * 4, [3] * 4], dtype=np.float32))
    assert programs.count_positive(np.array([3, -1, 0, 5, 2], dtype=np.int64))[0] == 3


def test_auto_optimized_stencil_matches_numpy():
    rng = np.random.default_rng(2)
    A, B = rng.random(50), rng.random(50)
    a, b = A.copy(), B.copy()
    for _ in range(1, 10):
        b[1:-1] = 0.33333 * (a[:-2] + a[1:-1] + a[2:])
        a[1:-1] = 0.33333 * (b[:-2] + b[1:-1] + b[2:])
    programs.jacobi(10, A, B)
    np.testing.assert_allclose(A, a, rtol=1e-12)
    np.testing.assert_allclose(B, b, rtol=1e-12)


def test_a_strided_array_gets_its_results_written_back():
    z = np.zeros((10, 2))
    column = z[:, 1]
    programs.axpy(1.0, np.arange(10.0), column)
    np.testing.assert_array_equal(z[:, 1], np.arange(10.0))
    np.testing.assert_array_equal(z[:, 0], 0.0)


def test_scalars_are_converted_where_numpy_casts_safely():
    y = np.zeros(3)
    programs.axpy(2, np.ones(3), y)
    np.testing.assert_array_equal(y, 2.0)
    with pytest.raises(TypeError, match="argument 'a'"):
        programs.axpy("two", np.ones(3), y)
    with pytest.raises(TypeError, match="argument 'T'"):
        programs.jacobi(2.5, np.ones(4), np.ones(4))


def test_wrong_dtype_is_a_type_error_naming_the_argument():
    with pytest.raises(TypeError, match="argument 'x' has dtype float32, the program expects float64"):
        programs.axpy(1.0, np.ones(4, dtype=np.float32), np.ones(4))
    with pytest.raises(TypeError, match="argument 'x' must be a NumPy array"):
        programs.axpy(1.0, [1.0, 2.0], np.ones(2))


def test_wrong_rank_or_inconsistent_sizes_are_value_errors_naming_the_argument():
    with pytest.raises(ValueError, match=r"argument 'x' has 2 dimension\(s\), the program expects 1"):
        programs.axpy(1.0, np.ones((2, 2)), np.ones(4))
    with pytest.raises(ValueError, match=r"argument 'y' has shape \[5\], the program expects \[4\].*N=4"):
        programs.axpy(1.0, np.ones(4), np.ones(5))
    with pytest.raises(ValueError, match="argument 'x'"):
        programs.matvec(np.ones((2, 3)), np.ones(4))


def test_missing_and_unknown_arguments():
    with pytest.raises(TypeError, match="missing argument"):
        programs.axpy(1.0, np.ones(3))
    with pytest.raises(TypeError, match="unexpected keyword argument 'z'"):
        programs.axpy(1.0, np.ones(3), np.ones(3), z="no")
    with pytest.raises(TypeError, match="takes 3 arguments"):
        programs.axpy(1.0, np.ones(3), np.ones(3), np.ones(3))


def test_symbols_may_be_given_by_keyword():
    y = np.zeros(4)
    programs.axpy(1.0, np.ones(4), y, N=4)
    np.testing.assert_array_equal(y, 1.0)
    with pytest.raises(ValueError, match="N=5"):
        programs.axpy(1.0, np.ones(4), np.ones(4), N=5)


def test_to_sdfg_gives_dace_json_and_writes_a_file(tmp_path):
    text = programs.matvec.to_sdfg()
    sdfg = json.loads(text)
    assert sdfg["type"] == "SDFG" and sdfg["attributes"]["name"] == "matvec"
    path = tmp_path / "matvec.sdfg"
    assert programs.matvec.to_sdfg(str(path)) == text
    assert json.loads(path.read_text()) == sdfg


def test_to_mlir_gives_the_dialect():
    text = programs.fill.to_mlir()
    assert "sdfg.sdfg" in text and "programs.py" in programs.fill.file


def program_module(tmp_path, name, body):
    """A module of its own holding `body` after an import and a symbol N
    (two lines: the body starts at line 3)."""
    source = tmp_path / f"{name}.py"
    source.write_text("from sdfg_mlir import program, float64, symbol\nN = symbol('N')\n" + body)
    return load_module(str(source), name)


def test_unsupported_python_is_a_compile_error_at_its_line(tmp_path):
    module = program_module(tmp_path, "bad_program", "import numpy as np\n@program\ndef f(A: float64[N]):\n    class C:\n        pass\n")
    with pytest.raises(sdfg_mlir.CompileError, match=r"bad_program\.py:6:5: error: .*class"):
        module.f(np.ones(3))


def test_programs_inside_functions_are_refused():
    with pytest.raises(TypeError, match="module level"):

        @sdfg_mlir.program
        def inner(A: sdfg_mlir.float64[4]):
            A[:] = 1.0


def test_a_second_process_opens_the_compiled_program_from_the_cache(tmp_path):
    script = (
        "import sys, numpy as np\n"
        f"sys.path.insert(0, {os.path.dirname(programs.__file__)!r})\n"
        "import programs\n"
        "A = np.arange(6.0).reshape(2, 3)\n"
        "out = programs.matvec(A, np.ones(3))\n"
        "assert list(out) == [3.0, 12.0], out\n"
        "print(programs.matvec.compile().cached)\n"
    )
    env = dict(os.environ, SDFG_MLIR_CACHE=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True) for _ in range(2)]
    for r in runs:
        assert r.returncode == 0, r.stderr
    assert [r.stdout.strip() for r in runs] == ["False", "True"]
    entries = os.listdir(tmp_path / "cache")
    assert len(entries) == 1 and entries[0].startswith("matvec-")


def test_dtype_objects_describe_annotations():
    assert repr(sdfg_mlir.float64[programs.N, 2 * programs.M]) == "float64[N, (2 * M)]"
    assert sdfg_mlir.int32(3) == np.int32(3)
    assert programs.N.dtype is sdfg_mlir.int64


def test_device_gpu_runs_on_a_gpu_and_says_which():
    x = np.arange(64, dtype=np.float32)
    y = np.ones(64, dtype=np.float32)
    programs.gpu_saxpy(np.float32(3.0), x, y)
    np.testing.assert_allclose(y, 3.0 * x + 1.0)
    assert programs.gpu_saxpy.compile().device != "cpu"


def test_threads_compile_and_call_at_once():
    import threading

    results, errors = [], []

    def work(k):
        try:
            y = np.zeros(100)
            programs.fill_threads(y)
            programs.axpy(float(k), np.ones(100), y)
            results.append((k, y))
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    for k, y in results:
        np.testing.assert_array_equal(y, 7.0 + k)


def test_validate_checks_without_compiling(tmp_path):
    programs.matvec.validate()
    module = program_module(tmp_path, "bad_validate", "@program\ndef g(A: float64[N]):\n    A[:] = undefined_name\n")
    with pytest.raises(sdfg_mlir.CompileError, match=r"bad_validate\.py:5:\d+: error: .*undefined_name"):
        module.g.validate()
