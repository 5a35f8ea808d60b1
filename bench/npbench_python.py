"""NPBench kernels through the Python package, side by side with NumPy and DaCe.

For every kernel of ../shared/npbench (or --only) it measures:

  frontend   our Python frontend alone (sdfg_mlir._native.validate: the
             program imported into an SDFG and verified, no transformations,
             no JSON written) against DaCe's `to_sdfg(simplify=False)` on a
             freshly loaded module: median wall time of each, and the ratio
  NumPy      NPBench's NumPy implementation (kernels/NAME/NAME_numpy.py)
  Numba      NPBench's Numba versions (kernels/NAME/NAME_numba_*.py: n
             nopython, np parallel, o object mode, ...), the first call
             compiling, then timed; the fastest matching NumPy's outputs
             (unless --no-numba)
  ours       the `@dace.program` through `sdfg_mlir.program(prog,
             auto_optimize=True)`, compile excluded (reported separately)
  ours/DaCe-SDFG
             target/release/sdfg-run --engine aot on DaCe's own auto-optimized
             SDFG (../shared/npbench/sdfg/NAME.autoopt.sdfg, else simplified)
  ours/DaCe-SDFG+AO
             the same on DaCe's simplified SDFG after our
             target/release/sdfg-opt --sdfg-auto-optimize
  DaCe       DaCe itself: to_sdfg(), auto_optimize(sdfg, DeviceType.CPU),
             compile() (unless --no-dace)

at an NPBench preset (default M; inputs and NumPy's reference outputs from
make_data.py, cached in target/npbench-data-<preset>/). Run times are medians
over --repeat runs, each on fresh copies of the inputs; every implementation's
outputs are checked against NumPy's with the manifest's tolerances.

Usage (from the repository root):
  .venv/bin/python bench/npbench_python.py                      # every kernel, preset M
  .venv/bin/python bench/npbench_python.py --preset S --only atax,jacobi_1d --repeat 2 --no-dace
  .venv/bin/python bench/npbench_python.py --frontend-only      # frontend speed only
See bench/README.md.
"""
import argparse
import contextlib
import importlib.util
import itertools
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import traceback
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.path.join(HERE, "build")
NPBENCH = os.path.normpath(os.path.join(ROOT, "..", "shared", "npbench"))
SDFG_RUN = os.path.join(ROOT, "target", "release", "sdfg-run")
SDFG_OPT = os.path.join(ROOT, "target", "release", "sdfg-opt")
FAILURES = os.path.join(ROOT, "test", "npbench", "expected-failures.txt")
NPROC = os.cpu_count() or 1
SUBPROCESS_TIMEOUT = 3600  # seconds for one sdfg-run call (compile and all runs)

# Thread counts must be fixed before NumPy/OpenBLAS and DaCe load; every
# implementation gets all cores unless the caller chose otherwise. DaCe's
# CMake build needs the venv's cmake on PATH.
os.environ.setdefault("OMP_NUM_THREADS", str(NPROC))
os.environ.setdefault("OPENBLAS_NUM_THREADS", str(NPROC))
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]
sys.dont_write_bytecode = True  # no __pycache__ in ../shared/npbench/kernels/

import numpy as np  # noqa: E402

try:
    import dace  # noqa: E402
except ImportError:
    dace = None

try:
    import numba  # noqa: E402
except ImportError:
    numba = None

try:
    import sdfg_mlir  # noqa: E402
    from sdfg_mlir import _native  # noqa: E402
except ImportError:
    sdfg_mlir = _native = None


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# ----------------------------------------------------------------------------
# Kernels, manifests, data
# ----------------------------------------------------------------------------

def kernel_names():
    return sorted(f[:-5] for f in os.listdir(NPBENCH)
                  if f.endswith(".json") and os.path.isdir(os.path.join(NPBENCH, "kernels", f[:-5])))


def unsupported_kernels():
    """Kernels test/npbench/expected-failures.txt lists for our frontend (`python`), with why."""
    out = {}
    if not os.path.exists(FAILURES):
        return out
    with open(FAILURES) as f:
        for line in f:
            if line.startswith("#") or ":" not in line:
                continue
            words = line.split(":")[0].split()
            if len(words) >= 2 and words[1] in ("python", "*"):
                out[words[0]] = line.split(":", 1)[1].strip()
    return out


def data_dir(preset):
    return os.path.join(ROOT, "target", f"npbench-data-{preset}")


def make_data(preset, names):
    """Writes NAME.npz (and NAME.json above S) for the kernels that lack it."""
    out = data_dir(preset)
    missing = [n for n in names if not os.path.exists(os.path.join(out, n + ".npz"))
               or (preset != "S" and not os.path.exists(os.path.join(out, n + ".json")))]
    if not missing:
        return
    log(f"making {preset} data for {', '.join(missing)} in {out} ...")
    # Failures show per kernel (no data: its run columns say failed).
    subprocess.run([sys.executable, os.path.join(NPBENCH, "make_data.py"), "--out", out, "--preset", preset,
                    *missing], stdout=sys.stderr)


def manifest_of(name, preset):
    """The manifest for the preset: make_data.py's NAME.json above S, the stored one at S."""
    path = os.path.join(data_dir(preset), name + ".json") if preset != "S" else None
    if path is None or not os.path.exists(path):
        path = os.path.join(NPBENCH, name + ".json")
    with open(path) as f:
        return json.load(f)


def load_data(name, preset):
    path = os.path.join(data_dir(preset), name + ".npz")
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


_counter = itertools.count()


def load_module(path):
    """A fresh module object for the file each call (nothing parsed before is reused)."""
    stem = os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(f"npbench_{stem}_{next(_counter)}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dace_file(name):
    return os.path.join(NPBENCH, "kernels", name, f"{name}_dace.py")


# ----------------------------------------------------------------------------
# Verification
# ----------------------------------------------------------------------------

def tolerance(manifest, dtype):
    rules = manifest["compare"]["float_default"]
    key = "float32/complex64" if dtype in (np.float32, np.complex64) else "float64/complex128"
    return rules[key]["rtol"], rules[key]["atol"]


def compare(manifest, got, data):
    """None when every output in `got` matches NumPy's reference in `data`, else why not."""
    for out in manifest["outputs"]:
        want = data["out." + out]
        g = got.get(out)
        if g is None:
            return f"{out}: missing"
        g = np.asarray(g)
        if g.size != want.size:
            return f"{out}: shape {g.shape}, NumPy's is {want.shape}"
        g = g.reshape(want.shape)
        if want.dtype.kind in "fc":
            rtol, atol = tolerance(manifest, want.dtype.type)
            with np.errstate(invalid="ignore"):
                ok = np.isclose(g, want, rtol=rtol, atol=atol, equal_nan=True)
            if not ok.all():
                with np.errstate(invalid="ignore"):
                    err = float(np.nanmax(np.abs(g.astype(want.dtype) - want)))
                return (f"{out}: {int((~ok).sum())} of {ok.size} elements outside rtol {rtol:g} atol {atol:g} "
                        f"(max abs err {err:.3g}, first at {np.argwhere(~ok)[0].tolist()})")
        elif not np.array_equal(g, want):
            return f"{out}: {int((g != want).sum())} of {want.size} elements differ (exact comparison)"
    return None


def outputs_of(manifest, result, args):
    """Outputs by manifest name: the returned values in order, then the arguments written."""
    returns = [r["name"] for r in manifest["returns"]]
    if result is None:
        result = []
    elif not isinstance(result, (tuple, list)):
        result = [result]
    if not returns:
        result = []  # NumPy versions may return an argument they updated in place
    got = dict(zip(returns, [np.array(r, copy=True) for r in result]))
    for out in manifest["outputs"]:
        if out not in got and out in args:
            got[out] = args[out]
    return got


# ----------------------------------------------------------------------------
# Timing helpers
# ----------------------------------------------------------------------------

def fresh(args):
    return {k: v.copy() if isinstance(v, np.ndarray) else v for k, v in args.items()}


def timed_calls(fn, args, repeat):
    """Median of `repeat` calls of fn(args) on fresh copies; the last call's args and result."""
    times, result, a = [], None, None
    for _ in range(repeat):
        a = fresh(args)
        t0 = time.perf_counter()
        result = fn(a)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), a, result


class Skip(Exception):
    """Not run on purpose; the message goes into the table."""


# ----------------------------------------------------------------------------
# Part 1: frontend speed
# ----------------------------------------------------------------------------

def frontend_ours(name, manifest, repeat):
    if _native is None:
        raise RuntimeError("sdfg_mlir is not installed in this Python")
    path = dace_file(name)
    with open(path, encoding="utf-8") as f:
        source = f.read()
    func = manifest["npbench"]["func_name"]
    try:
        _native.validate(path, source, func, False, False, "cpu")  # warm-up, and does it import at all
    except _native.CompileError as e:
        raise Skip("unsupported") from e
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        _native.validate(path, source, func, False, False, "cpu")
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def frontend_dace(name, manifest, repeat):
    """DaCe's to_sdfg(simplify=False); each measurement on a freshly loaded module,
    so the program object is new and the whole Python source is parsed again."""
    if dace is None:
        raise Skip("n/a")
    func = manifest["npbench"]["func_name"]
    times = []
    for i in range(repeat + 1):  # the first is a warm-up
        prog = getattr(load_module(dace_file(name)), func)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t0 = time.perf_counter()
            prog.to_sdfg(simplify=False)
            t = time.perf_counter() - t0
        if i:
            times.append(t)
    return statistics.median(times)


# ----------------------------------------------------------------------------
# Part 2: run times
# ----------------------------------------------------------------------------

def npbench_call(name, manifest, data):
    """NPBench's bench_info of a kernel and the arguments its NumPy and Numba
    versions take, by name, in its `input_args` order."""
    info = manifest["npbench"]
    with open(os.path.join(NPBENCH, "kernels", name, "bench_info.json")) as f:
        bench = json.load(f)["benchmark"]
    inputs = {k[3:]: v for k, v in data.items() if k.startswith("in.")}
    params = {**info.get("parameters", {}), **manifest["symbols"]}
    args = {}
    for a in bench["input_args"]:
        if a in inputs:
            v = inputs[a]
            args[a] = v if a in bench["array_args"] or v.ndim else v[()]
        elif a in params:
            args[a] = params[a]
        else:
            raise KeyError(f"no value for NumPy's argument {a}")
    return bench, args


def run_numpy(name, manifest, data, repeat):
    """NPBench's NumPy version, called as NPBench calls it (its `input_args`)."""
    bench, args = npbench_call(name, manifest, data)
    func = getattr(load_module(os.path.join(NPBENCH, "kernels", name, f"{name}_numpy.py")), bench["func_name"])
    t, a, result = timed_calls(lambda a: func(*a.values()), args, repeat)
    return dict(time=t, error=compare(manifest, outputs_of(manifest, result, a), data))


def run_numba(name, manifest, data, repeat):
    """NPBench's Numba versions (kernels/NAME/NAME_numba_*.py), each called
    once to compile, then timed; the fastest that matches NumPy's outputs
    (NPBench's "best Numba"), with every variant's time or failure."""
    if numba is None:
        raise Skip("no numba")
    bench, args = npbench_call(name, manifest, data)
    folder = os.path.join(NPBENCH, "kernels", name)
    variants = sorted(f[len(name) + 7:-3] for f in os.listdir(folder) if f.startswith(f"{name}_numba_") and f.endswith(".py"))
    if not variants:
        raise Skip("no Numba version")
    results = {}
    for v in variants:
        try:
            func = getattr(load_module(os.path.join(folder, f"{name}_numba_{v}.py")), bench["func_name"])
            t0 = time.perf_counter()
            func(*fresh(args).values())
            compile_s = time.perf_counter() - t0
            t, a, result = timed_calls(lambda a: func(*a.values()), args, repeat)
            results[v] = dict(time=t, compile=compile_s, error=compare(manifest, outputs_of(manifest, result, a), data))
        except Exception as e:  # NPBench's own Numba versions fail on some kernels
            results[v] = dict(failed=f"{type(e).__name__}: {str(e)[:200]}")
        log(f"    numba {v}: " + (f"{results[v]['time']:.4g} s" if "time" in results[v] else results[v]["failed"][:120])
            + (" WRONG" if results[v].get("error") else ""))
    good = {v: r for v, r in results.items() if valid_time(r) is not None}
    if not good:
        return dict(failed="; ".join(f"{v}: {r.get('failed') or r.get('error')}" for v, r in results.items()))
    best = min(good, key=lambda v: good[v]["time"])
    return dict(time=good[best]["time"], compile=good[best]["compile"], variant=best, variants=results)


def dace_args(data):
    return {k[3:]: v for k, v in data.items() if k.startswith("in.")}


def run_ours(name, manifest, data, repeat):
    """The @dace.program through sdfg_mlir.program(auto_optimize=True)."""
    if sdfg_mlir is None:
        raise RuntimeError("sdfg_mlir is not installed in this Python")
    if dace is None:
        raise RuntimeError("the kernel modules import dace, which is not installed")
    prog = sdfg_mlir.program(getattr(load_module(dace_file(name)), manifest["npbench"]["func_name"]),
                             auto_optimize=True, cache=False)
    t0 = time.perf_counter()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled = prog.compile()
    compile_s = time.perf_counter() - t0
    for w in caught:
        log(f"  {name} ours: warning: {w.message}")
    args = dace_args(data)
    known = {a for a, kind, _, _ in compiled.arguments if kind == "symbol"}
    symbols = {s: v for s, v in manifest["symbols"].items() if s in known and s not in args}
    t, a, result = timed_calls(lambda a: prog(**a, **symbols), args, repeat)
    return dict(time=t, compile=compile_s, error=compare(manifest, outputs_of(manifest, result, a), data))


def sdfg_variant(manifest):
    for v in ("autoopt", "simplified"):
        if v in manifest.get("variants", {}):
            return v, manifest["variants"][v]
    raise Skip("n/a (no SDFG)")


def run_sdfg(name, manifest, data, repeat, optimize=False):
    """sdfg-run --engine aot on DaCe's own auto-optimized SDFG or, with
    `optimize`, on DaCe's simplified SDFG after our `sdfg-opt
    --sdfg-auto-optimize` (its time counted in `compile`)."""
    if optimize:
        info = manifest.get("variants", {}).get("simplified")
        if info is None:
            raise Skip("n/a (no simplified SDFG)")
        variant = "simplified"
    else:
        variant, info = sdfg_variant(manifest)
    sdfg = os.path.join(NPBENCH, "sdfg", info["file"])
    work = os.path.join(BUILD, "npbench-python", name)
    os.makedirs(work, exist_ok=True)
    out = os.path.join(work, f"sdfg-run.{variant}{'.ao' if optimize else ''}.npz")
    opt_s = 0.0
    if optimize:
        optimized = os.path.join(work, "simplified.ao.mlir")
        cmd = [SDFG_OPT, sdfg, "--sdfg-auto-optimize", "-o", optimized]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT)
        opt_s = time.perf_counter() - t0
        if p.returncode != 0:
            raise RuntimeError(f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr.strip()[-2000:]}")
        sdfg = optimized
    # sdfg-run rejects symbols the SDFG lacks: only those of its argument list.
    names = {a["name"] for a in info.get("arglist", []) if a.get("kind") == "symbol"}
    cmd = [SDFG_RUN, sdfg, "--inputs", os.path.join(data_dir(PRESET), name + ".npz"), "-o", out,
           "--engine", "aot", "--repeat", str(max(repeat, 2))]
    cmd += [f"--symbol={k}={v}" for k, v in manifest["symbols"].items() if k in names]
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=SUBPROCESS_TIMEOUT,
                       env={**os.environ, "TMPDIR": work})
    m = re.search(r"compile: ([\d.eE+-]+) s; run: median ([\d.eE+-]+) s", p.stderr)
    if p.returncode != 0 or not m:
        raise RuntimeError(f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr.strip()[-2000:]}")
    with np.load(out) as z:
        got = {k: z[k] for k in z.files}
    os.remove(out)
    return dict(time=float(m.group(2)), compile=float(m.group(1)) + opt_s, error=compare(manifest, got, data),
                variant=variant)


def run_dace(name, manifest, data, repeat):
    """DaCe itself: to_sdfg(), auto_optimize for the CPU, compile() from an empty build folder."""
    if dace is None:
        raise Skip("n/a")
    from dace.transformation.auto.auto_optimize import auto_optimize
    build = os.path.join(BUILD, "dacecache-npbench")
    dace.config.Config.set("default_build_folder", value=build)
    prog = getattr(load_module(dace_file(name)), manifest["npbench"]["func_name"])
    t0 = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sdfg = prog.to_sdfg()
        auto_optimize(sdfg, dace.DeviceType.CPU)
        sdfg.name = f"{name}_autoopt"
        shutil.rmtree(os.path.join(build, sdfg.name), ignore_errors=True)
        csdfg = sdfg.compile()
    compile_s = time.perf_counter() - t0
    args = dace_args(data)
    arglist = set(sdfg.arglist())
    symbols = {s: v for s, v in manifest["symbols"].items() if s in arglist and s not in args}
    scalars = {k for k, v in args.items() if v.ndim == 0 and k in sdfg.arrays
               and isinstance(sdfg.arrays[k], dace.data.Scalar)}
    call = lambda a: csdfg(**{k: (v[()] if k in scalars else v) for k, v in a.items()}, **symbols)
    t, a, result = timed_calls(call, args, repeat)
    return dict(time=t, compile=compile_s, error=compare(manifest, outputs_of(manifest, result, a), data))


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

PRESET = "M"


def attempt(name, label, thunk):
    """Runs one measurement: its result dict, or dict(skip=...) / dict(failed=...)."""
    log(f"  {name}: {label} ...")
    t0 = time.perf_counter()
    try:
        # Whatever the implementations print (DaCe prints parse errors) goes
        # to standard error: standard output is the table's.
        with contextlib.redirect_stdout(sys.stderr):
            r = thunk()
    except Skip as e:
        log(f"    {e}")
        return dict(skip=str(e))
    except Exception as e:  # report and go on with the other implementations
        msg = f"{type(e).__name__}: {e}"
        log(f"  !!! {name} {label} failed: {msg[-3000:]}")
        if os.environ.get("NPBENCH_TRACEBACK"):
            traceback.print_exc()
        return dict(failed=msg)
    if not isinstance(r, dict):
        r = dict(time=r)
    if r.get("error"):
        log(f"  !!! {name} {label}: WRONG: {r['error']}")
    log(f"    done in {time.perf_counter() - t0:.1f} s")
    return r


def measure(name, args, unsupported):
    row = {"name": name}
    try:
        manifest = manifest_of(name, args.preset)
    except Exception as e:
        log(f"  !!! {name}: no manifest: {e}")
        manifest = None
    if manifest is None:
        return row
    fe_repeat = max(args.repeat, 3)
    row["fe_ours"] = attempt(name, "frontend (ours)", lambda: frontend_ours(name, manifest, fe_repeat))
    row["fe_dace"] = attempt(name, "frontend (DaCe to_sdfg)", lambda: frontend_dace(name, manifest, fe_repeat))
    if args.frontend_only:
        return row
    try:
        data = load_data(name, args.preset)
    except Exception as e:
        log(f"  !!! {name}: no {args.preset} data: {e}")
        failed = dict(failed=f"no data: {e}")
        row.update(numpy=failed, numba=failed, ours=failed, sdfg=failed, sdfg_ao=failed, dace=failed)
        return row
    row["numpy"] = attempt(name, "NumPy", lambda: run_numpy(name, manifest, data, args.repeat))
    row["numba"] = dict(skip="skipped") if args.no_numba else attempt(name, "Numba (best version)", lambda: run_numba(name, manifest, data, args.repeat))
    if name in unsupported:
        log(f"  {name}: ours skipped (expected-failures.txt: {unsupported[name]})")
        row["ours"] = dict(skip="unsupported")
    else:
        row["ours"] = attempt(name, "ours (package)", lambda: run_ours(name, manifest, data, args.repeat))
    row["sdfg"] = attempt(name, "ours on DaCe's SDFG (sdfg-run)", lambda: run_sdfg(name, manifest, data, args.repeat))
    row["sdfg_ao"] = attempt(name, "ours: DaCe's simplified SDFG + our auto-optimize",
                             lambda: run_sdfg(name, manifest, data, args.repeat, optimize=True))
    if args.no_dace:
        row["dace"] = dict(skip="skipped")
    else:
        row["dace"] = attempt(name, "DaCe (auto_optimize)", lambda: run_dace(name, manifest, data, args.repeat))
    return row


def valid_time(r):
    """The median of a result that ran and matched, else None."""
    if r and "time" in r and not r.get("error"):
        return r["time"]
    return None


def cell_time(r, scale=1.0, fmt="{:.4g}"):
    if r is None:
        return ""
    if "skip" in r:
        return r["skip"]
    if "failed" in r:
        return "failed"
    if r.get("error"):
        return "**WRONG**"
    return fmt.format(r["time"] * scale)


def ratio(num, den):
    a, b = valid_time(num), valid_time(den)
    return a / b if a is not None and b else None


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def fmt_ratio(x, digits=2):
    return "" if x is None else f"{x:.{digits}f}x"


def machine_line(args):
    model = ""
    try:
        with open("/proc/cpuinfo") as f:
            model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "")
    except OSError:
        pass
    versions = f"NumPy {np.__version__}" + (f", DaCe {dace.__version__}" if dace is not None else ", no DaCe")
    preset = "frontend only" if args.frontend_only else f"preset {args.preset}"
    return (f"Machine: {model or platform.processor() or platform.machine()}, {NPROC} cores; {preset}; "
            f"OMP_NUM_THREADS={os.environ['OMP_NUM_THREADS']}, OPENBLAS_NUM_THREADS="
            f"{os.environ['OPENBLAS_NUM_THREADS']}; repeat {args.repeat}; {versions}; "
            f"{time.strftime('%Y-%m-%d %H:%M')}")


def frontend_cells(row):
    speed = ratio(row.get("fe_dace"), row.get("fe_ours"))
    return ([cell_time(row.get("fe_ours"), 1e3, "{:.2f}"), cell_time(row.get("fe_dace"), 1e3, "{:.1f}"),
             fmt_ratio(speed, 1)], speed)


def frontend_summary(rows):
    speeds = [ratio(r.get("fe_dace"), r.get("fe_ours")) for r in rows]
    measured = [s for s in speeds if s is not None]
    if not measured:
        return "Frontend: no kernel measured on both sides."
    at_least = sum(s >= 20 for s in measured)
    slowest = min(zip(speeds, [r["name"] for r in rows]), key=lambda p: p[0] if p[0] is not None else math.inf)
    return (f"Frontend at least 20x faster than DaCe's to_sdfg() on {at_least} of {len(measured)} kernels "
            f"measured (smallest speedup {slowest[0]:.1f}x, {slowest[1]}).")


def report(rows, args):
    lines = [machine_line(args), ""]
    if args.frontend_only:
        lines += ["| kernel | frontend ms ours | DaCe to_sdfg ms | frontend speedup |", "|---|---:|---:|---:|"]
        speeds = []
        for row in rows:
            cells, speed = frontend_cells(row)
            speeds.append(speed)
            lines.append(f"| {row['name']} | " + " | ".join(cells) + " |")
        lines += ["", f"Geometric mean: frontend speedup {fmt_ratio(geomean(speeds), 1) or '-'}",
                  frontend_summary(rows)]
        return "\n".join(lines)

    lines += ["| kernel | NumPy s | Numba s (best) | ours (package) s | ours/DaCe-SDFG s | ours/DaCe-SDFG+AO s | DaCe s "
              "| NumPy/ours | Numba/ours | DaCe/ours | DaCe/ours-AO | frontend ms ours | DaCe to_sdfg ms | frontend speedup |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    cols = {"numpy": [], "numba": [], "dace": [], "dace_ao": [], "fe": []}
    for row in rows:
        np_ours = ratio(row.get("numpy"), row.get("ours"))
        numba_ours = ratio(row.get("numba"), row.get("ours"))
        cols["numba"].append(numba_ours)
        numba = cell_time(row.get("numba"))
        if (row.get("numba") or {}).get("variant"):
            numba += f" ({row['numba']['variant']})"
        dace_ours = ratio(row.get("dace"), row.get("ours"))
        fe, speed = frontend_cells(row)
        cols["numpy"].append(np_ours)
        cols["dace"].append(dace_ours)
        cols["fe"].append(speed)
        dace_ao = ratio(row.get("dace"), row.get("sdfg_ao"))
        cols["dace_ao"].append(dace_ao)
        sdfg = cell_time(row.get("sdfg"))
        if row.get("sdfg", {}).get("variant") == "simplified":
            sdfg += " (simplified)"
        lines.append(f"| {row['name']} | {cell_time(row.get('numpy'))} | {numba} | {cell_time(row.get('ours'))} | {sdfg} | "
                     f"{cell_time(row.get('sdfg_ao'))} | {cell_time(row.get('dace'))} | {fmt_ratio(np_ours)} | "
                     f"{fmt_ratio(numba_ours)} | {fmt_ratio(dace_ours)} | {fmt_ratio(dace_ao)} | " + " | ".join(fe) + " |")
    lines += ["", "Geometric means (over the kernels with both times valid): "
              f"NumPy/ours {fmt_ratio(geomean(cols['numpy'])) or '-'}, "
              f"Numba/ours {fmt_ratio(geomean(cols['numba'])) or '-'}, "
              f"DaCe/ours {fmt_ratio(geomean(cols['dace'])) or '-'}, "
              f"DaCe/ours-AO {fmt_ratio(geomean(cols['dace_ao'])) or '-'}, "
              f"frontend speedup {fmt_ratio(geomean(cols['fe']), 1) or '-'}.",
              frontend_summary(rows), "",
              "Compile times (s; not in the run times above): ours (package) is sdfg_mlir.program(...).compile() "
              "without the cache; ours/DaCe-SDFG is sdfg-run's `compile:` (+AO: and sdfg-opt's time); DaCe is to_sdfg + auto_optimize + "
              "compile() from an empty build folder.", "",
              "| kernel | ours (package) | ours/DaCe-SDFG | ours/DaCe-SDFG+AO | DaCe | Numba (best, first call) |",
              "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        cells = []
        for key in ("ours", "sdfg", "sdfg_ao", "dace", "numba"):
            r = row.get(key) or {}
            cells.append(f"{r['compile']:.2f}" if r.get("compile") is not None else cell_time(r) if "time" not in r else "")
        lines.append(f"| {row['name']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    global PRESET
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="M", choices=("S", "M", "L", "paper"), help="NPBench preset (default M)")
    ap.add_argument("--only", help="comma-separated kernels (default: all of ../shared/npbench)")
    ap.add_argument("--repeat", type=int, default=5, help="runs per measurement, median reported (default 5)")
    ap.add_argument("--no-dace", action="store_true", help="skip DaCe itself (its compile is slow); "
                    "DaCe's to_sdfg is still timed")
    ap.add_argument("--no-numba", action="store_true", help="skip NPBench's Numba versions")
    ap.add_argument("--frontend-only", action="store_true", help="only the frontend speed comparison")
    ap.add_argument("--out", default=os.path.join(BUILD, "npbench-python.md"), help="markdown report "
                    "(default bench/build/npbench-python.md)")
    args = ap.parse_args()
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    PRESET = args.preset
    if not os.path.isdir(NPBENCH):
        sys.exit(f"{NPBENCH} is missing")
    names = kernel_names()
    if args.only:
        wanted = [n.strip() for n in args.only.split(",") if n.strip()]
        unknown = [n for n in wanted if n not in names]
        if unknown:
            sys.exit(f"unknown kernel(s): {', '.join(unknown)} (see {NPBENCH})")
        names = wanted
    if not args.frontend_only:
        if not os.path.exists(SDFG_RUN):
            log(f"warning: {SDFG_RUN} is missing (cargo build --release): the sdfg-run column will fail")
        make_data(args.preset, names)
    os.makedirs(BUILD, exist_ok=True)
    unsupported = unsupported_kernels()
    rows = []
    for name in names:
        log(f"{name}:")
        rows.append(measure(name, args, unsupported))
    out = report(rows, args)
    print(out)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(out + "\n")
    wrong = [(r["name"], k) for r in rows for k in ("ours", "sdfg", "sdfg_ao") if (r.get(k) or {}).get("error")]
    failed = [(r["name"], k) for r in rows for k in ("fe_ours", "fe_dace", "numpy", "ours", "sdfg", "sdfg_ao", "dace")
              if "failed" in (r.get(k) or {})]
    if failed:
        log(f"failed (see above): {failed}")
    if wrong:
        log(f"WRONG results of ours: {wrong}")
        sys.exit(1)


if __name__ == "__main__":
    main()
