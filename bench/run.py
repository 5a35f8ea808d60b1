"""Benchmark harness: the DaCe paper's fundamental kernels, side by side.

For each kernel and size it measures, in one run and on the same inputs:
  ours        target/release/sdfg-run --engine aot on bench/sdfg/<k>.sdfg and
              <k>.autoopt.sdfg (compile time and median run time from stderr),
              and on <k>.sdfg after our sdfg-opt --sdfg-auto-optimize
  gcc         bench/c/<k>.c built with gcc -O3 -march=native -fopenmp
  numpy       NumPy (OpenBLAS for MM)
  dace        DaCe 1.0.2: to_sdfg()+compile(), and with auto_optimize (CPU)
and checks every implementation's outputs against NumPy's.

Usage (from the repository root):
  .venv/bin/python bench/run.py [--quick] [--only KERNEL] [--repeat N]
  .venv/bin/python bench/run.py --check     # small sizes, ours only, verify
See bench/README.md.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
BUILD = os.path.join(HERE, "build")
SDFG_RUN = os.path.join(ROOT, "target", "release", "sdfg-run")
SDFG_OPT = os.path.join(ROOT, "target", "release", "sdfg-opt")
NPROC = os.cpu_count() or 1

# Thread counts must be fixed before numpy/OpenBLAS and dace load; every peer
# gets all cores.  DaCe's CMake build needs the venv's cmake on PATH.
os.environ["OMP_NUM_THREADS"] = str(NPROC)
os.environ["OPENBLAS_NUM_THREADS"] = str(NPROC)
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]

import numpy as np  # noqa: E402

sys.path.insert(0, HERE)


# ----------------------------------------------------------------------------
# Kernels: inputs, NumPy reference, work measure, C command line
# ----------------------------------------------------------------------------

class Case:
    """One kernel at one size.

    inputs(rng) -> (arrays, symbols): every argument of the program (outputs
    allocated too) and the symbols that are not read off array shapes.
    numpy(arrays, symbols) mutates `arrays` like the program does.
    outputs: the arguments to compare; `query`'s `out` is compared as an
    unordered prefix of length outsz[0].
    """

    def __init__(self, kernel, size, progs, inputs, numpy, outputs, work, unit, c_args, rtol, skip=None):
        self.kernel, self.size, self.progs, self.skip = kernel, size, progs, skip or {}
        self.inputs, self.numpy, self.outputs = inputs, numpy, outputs
        self.work, self.unit, self.c_args, self.rtol = work, unit, c_args, rtol

    @property
    def dir(self):
        return os.path.join(BUILD, f"{self.kernel}_{self.size}")


def mm_case(n, progs=("mm", "mm_explicit"), skip=None):
    def inputs(rng):
        a = dict(A=rng.random((n, n), dtype=np.float32), B=rng.random((n, n), dtype=np.float32),
                 C=np.zeros((n, n), np.float32))
        return a, {}

    def ref(a, s):
        np.matmul(a["A"], a["B"], out=a["C"])

    return Case("mm", f"{n}x{n}x{n}", list(progs), inputs, ref, ["C"], 2.0 * n ** 3, "GFLOP/s",
                [n, n, n], 1e-3, skip)


def jacobi_case(n, t):
    def inputs(rng):
        return dict(A=rng.random((n, n)), B=rng.random((n, n))), {"T": t}

    def ref(a, s):
        A, B = a["A"], a["B"]
        for _ in range(s["T"]):
            B[1:-1, 1:-1] = 0.2 * (A[1:-1, 1:-1] + A[1:-1, :-2] + A[1:-1, 2:] + A[2:, 1:-1] + A[:-2, 1:-1])
            A[1:-1, 1:-1] = 0.2 * (B[1:-1, 1:-1] + B[1:-1, :-2] + B[1:-1, 2:] + B[2:, 1:-1] + B[:-2, 1:-1])

    # polybench convention: 5 flops (4 adds, 1 multiply) per interior point
    # per sweep, two sweeps per time step.
    return Case("jacobi_2d", f"{n}x{n},T={t}", ["jacobi_2d"], inputs, ref, ["A", "B"],
                2.0 * t * 5 * (n - 2) ** 2, "GFLOP/s", [n, t], 1e-9)


def histogram_case(h, w, bins=256):
    def inputs(rng):
        return dict(A=rng.integers(0, bins, (h, w), dtype=np.int32), hist=np.zeros(bins, np.int32)), {}

    def ref(a, s):
        a["hist"][:] = np.bincount(a["A"].ravel(), minlength=bins)

    return Case("histogram", f"{h}x{w},{bins}bins", ["histogram"], inputs, ref, ["hist"],
                4.0 * h * w, "GB/s", [h, w, bins], 0)


def query_case(n, ratio=0.5):
    def inputs(rng):
        return dict(A=rng.random(n, dtype=np.float32), ratio=np.float32(ratio),
                    out=np.zeros(n, np.float32), outsz=np.zeros(1, np.uint32)), {}

    def ref(a, s):
        sel = a["A"][a["A"] > a["ratio"]]
        a["out"][:sel.size] = sel
        a["outsz"][0] = sel.size

    return Case("query", f"{n},sel={ratio}", ["query"], inputs, ref, ["out", "outsz"],
                4.0 * n, "GB/s", [n, ratio], 0)


def spmv_case(h, w, nnz_target):
    def inputs(rng):
        # Row lengths uniform around the mean, never empty; columns sorted
        # within a row, as in any CSR matrix built from a sorted COO.
        mean = nnz_target // h
        lens = rng.integers(max(1, mean // 2), mean + mean // 2 + 1, h)
        row = np.zeros(h + 1, np.uint32)
        row[1:] = np.cumsum(lens)
        nnz = int(row[-1])
        col = rng.integers(0, w, nnz).astype(np.uint32)
        col = col[np.lexsort((col, np.repeat(np.arange(h), lens)))]
        return dict(A_row=row, A_col=col, A_val=rng.random(nnz, dtype=np.float32),
                    x=rng.random(w, dtype=np.float32), b=np.zeros(h, np.float32)), {}

    def ref(a, s):
        a["b"][:] = np.add.reduceat(a["A_val"] * a["x"][a["A_col"]], a["A_row"][:-1].astype(np.intp))

    # Bytes that must be read at least once: values, column indices, row
    # pointers and x.
    c = Case("spmv", f"{h}x{w},nnz~{nnz_target}", ["spmv"], inputs, ref, ["b"], None, "GB/s", None, 1e-3)
    c.nnz_target = nnz_target
    return c


def cases(mode):
    if mode == "check":
        return [mm_case(33), jacobi_case(17, 3), histogram_case(19, 23, 16), query_case(1000),
                spmv_case(50, 40, 500)]
    if mode == "quick":
        return [mm_case(256), jacobi_case(256, 10), histogram_case(512, 512), query_case(1 << 20),
                spmv_case(1024, 1024, 1 << 18)]
    # The 3-D-map matmuls (mm_explicit, DaCe's "pure" MatMul expansion that
    # auto_optimize picks without LAPACKE) run at ~1 GFLOP/s: at 2048 they
    # would take minutes each, so they are measured at 1024 only.
    slow = "3-D-map matmul, ~1 GFLOP/s at 1024: minutes per implementation"
    big = mm_case(2048, progs=("mm",), skip={"ours mm (autoopt)": slow, "DaCe mm (default)": slow,
                                            "DaCe mm (auto_optimize)": slow})
    return [mm_case(1024), big, jacobi_case(2048, 100),
            histogram_case(4096, 4096), query_case(1 << 24), spmv_case(8192, 8192, 1 << 22)]


def finish(case, arrays):
    """Fills in what depends on the generated inputs (SpMV's nnz)."""
    if case.kernel == "spmv":
        h, w, nnz = arrays["b"].size, arrays["x"].size, arrays["A_col"].size
        case.c_args = [h, w, nnz]
        case.work = 8.0 * nnz + 4.0 * (h + 1) + 4.0 * w


# ----------------------------------------------------------------------------
# Verification
# ----------------------------------------------------------------------------

def compare(case, got, want):
    """Returns None when `got` matches the NumPy result `want`, else why not."""
    for name in case.outputs:
        g, w = got.get(name), want[name]
        if g is None:
            return f"{name}: missing"
        if case.kernel == "query" and name == "out":
            n = int(want["outsz"][0])
            if int(got["outsz"][0]) != n or g.size < n:
                return f"out: {g.size} elements, outsz {int(got['outsz'][0])}, want {n}"
            g, w = np.sort(np.asarray(g).ravel()[:n]), np.sort(w[:n])
        g = np.asarray(g).reshape(np.shape(w))
        if case.rtol == 0:
            ok = np.array_equal(g, w)
        else:
            ok = np.allclose(g, w, rtol=case.rtol, atol=case.rtol * float(np.abs(w).max() or 1))
        if not ok:
            bad = np.argwhere(~np.isclose(g, w, rtol=case.rtol or 0, atol=0)).ravel()[:3]
            return f"{name}: mismatch (max abs err {float(np.abs(g.astype(float) - w).max()):.3g}, e.g. at {bad})"
    return None


# ----------------------------------------------------------------------------
# Implementations; each returns dict(time=median s, compile=s or None,
# error=str or None)
# ----------------------------------------------------------------------------

def copy(arrays):
    return {k: v.copy() for k, v in arrays.items()}


def run_ours(case, prog, variant, arrays, symbols, want, repeat, extra=()):
    """`variant`: DaCe's `simplified` or `autoopt` SDFG as is, or `ours-ao`:
    the simplified one after our `sdfg-opt --sdfg-auto-optimize` (its time
    counted in `compile`)."""
    sdfg = os.path.join(HERE, "sdfg", prog + (".autoopt" if variant == "autoopt" else "") + ".sdfg")
    out = os.path.join(case.dir, f"ours.{prog}.{variant}.npz")
    optimize = 0.0
    if variant == "ours-ao":
        optimized = os.path.join(case.dir, f"ours.{prog}.ao.mlir")
        cmd = [SDFG_OPT, sdfg, "--sdfg-auto-optimize", "-o", optimized]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, capture_output=True, text=True)
        optimize = time.perf_counter() - t0
        if p.returncode != 0:
            return dict(error=f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr.strip()[-2000:]}")
        sdfg = optimized
    cmd = [SDFG_RUN, sdfg, "--inputs", os.path.join(case.dir, "inputs.npz"), "-o", out,
           "--engine", "aot", "--repeat", str(repeat), *extra]
    cmd += [f"--symbol={k}={v}" for k, v in symbols.items()]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"compile: ([\d.eE+-]+) s; run: median ([\d.eE+-]+) s", p.stderr)
    if p.returncode != 0 or not m:
        return dict(error=f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr.strip()[-2000:]}")
    with np.load(out) as z:
        got = {k: z[k] for k in z.files}
    os.remove(out)  # large; the comparison is all we need
    return dict(time=float(m.group(2)), compile=float(m.group(1)) + optimize, error=compare(case, got, want))


def run_c(case, arrays, want, repeat):
    exe = os.path.join(BUILD, "c", case.kernel)
    cmd = [exe, case.dir, str(repeat)] + [str(a) for a in case.c_args]
    p = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r"median: ([\d.eE+-]+)", p.stdout)
    if p.returncode != 0 or not m:
        return dict(error=f"exit {p.returncode}: {' '.join(cmd)}\n{p.stderr.strip()}")
    got = {}
    for name in case.outputs:
        path = os.path.join(case.dir, f"c.{name}.bin")
        got[name] = np.fromfile(path, dtype=arrays[name].dtype)
        os.remove(path)
    return dict(time=float(m.group(1)), compile=None, error=compare(case, got, want))


def timed_calls(fn, arrays, repeat):
    """Median of `repeat` calls, each on fresh copies (kernels update in place)."""
    times = []
    for _ in range(repeat):
        a = copy(arrays)
        t0 = time.perf_counter()
        fn(a)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), a


def run_numpy(case, arrays, symbols, want, repeat):
    t, a = timed_calls(lambda a: case.numpy(a, symbols), arrays, repeat)
    return dict(time=t, compile=None, error=compare(case, a, want))


def run_dace(case, prog_name, autoopt, arrays, symbols, want, repeat):
    import dace
    from dace.transformation.auto.auto_optimize import auto_optimize
    import kernels

    # A clean build folder per SDFG so the compile time includes the CMake
    # configure step, as a first compile of a program does.
    build = os.path.join(BUILD, "dacecache")
    dace.config.Config.set("default_build_folder", value=build)
    t0 = time.perf_counter()
    sdfg = kernels.PROGRAMS[prog_name].to_sdfg()
    if autoopt:
        auto_optimize(sdfg, dace.DeviceType.CPU)
        sdfg.name += "_autoopt"
    shutil.rmtree(os.path.join(build, sdfg.name), ignore_errors=True)
    try:
        csdfg = sdfg.compile()
    except Exception as e:  # report and go on with the other peers
        return dict(error=f"dace compile failed: {type(e).__name__}: {str(e)[-1500:]}")
    compile_s = time.perf_counter() - t0

    # CompiledSDFG wants every free symbol explicitly.
    shapes = {}
    for name, desc in sdfg.arrays.items():
        if not desc.transient and name in arrays:
            for dim, n in zip(desc.shape, np.shape(arrays[name])):
                if isinstance(dim, dace.symbolic.symbol):
                    shapes[str(dim)] = n
    if "A_row" in arrays:  # A_row has H + 1 entries: H only from b's shape
        shapes["H"] = arrays["b"].size
    syms = {k: v for k, v in {**shapes, **symbols}.items() if k in sdfg.free_symbols}
    t, a = timed_calls(lambda a: csdfg(**a, **syms), arrays, repeat)
    return dict(time=t, compile=compile_s, error=compare(case, a, want))


# ----------------------------------------------------------------------------
# Driver
# ----------------------------------------------------------------------------

def build_c():
    os.makedirs(os.path.join(BUILD, "c"), exist_ok=True)
    for k in ("mm", "jacobi_2d", "histogram", "query", "spmv"):
        src, exe = os.path.join(HERE, "c", k + ".c"), os.path.join(BUILD, "c", k)
        subprocess.run(["gcc", "-O3", "-march=native", "-fopenmp", "-o", exe, src], check=True)


def prepare(case):
    rng = np.random.default_rng(42)
    arrays, symbols = case.inputs(rng)
    finish(case, arrays)
    os.makedirs(case.dir, exist_ok=True)
    np.savez(os.path.join(case.dir, "inputs.npz"), **arrays)
    for k, v in arrays.items():  # raw copies for the C baselines
        np.asarray(v).tofile(os.path.join(case.dir, k + ".bin"))
    want = copy(arrays)
    case.numpy(want, symbols)
    return arrays, symbols, want


def fmt_time(t):
    return f"{t * 1e3:.2f} ms" if t < 1 else f"{t:.3f} s"


def measure(case, args):
    """Runs every implementation of `case`; returns [(label, result)]."""
    arrays, symbols, want = prepare(case)
    rows = []

    def add(label, thunk):
        if label in case.skip:
            rows.append((label, dict(skipped=case.skip[label])))
            return
        print(f"  {case.kernel} {case.size}: {label} ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        r = thunk()
        print(f"    done in {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
        if r.get("error"):
            print(f"  !!! {case.kernel} {case.size} {label}: {r['error']}", file=sys.stderr, flush=True)
        rows.append((label, r))

    for prog in case.progs:
        for variant in ("simplified", "autoopt", "ours-ao"):
            label = "simplified + our auto-optimize" if variant == "ours-ao" else variant
            add(f"ours {prog} ({label})",
                lambda: run_ours(case, prog, variant, arrays, symbols, want, args.repeat))
    # The MatMul node's native loop-nest expansion, reported next to the BLAS
    # call (only with an sdfg-run that has --no-blas).
    if case.kernel == "mm" and "--no-blas" in HELP:
        add("ours mm (simplified, --no-blas)",
            lambda: run_ours(case, "mm", "simplified", arrays, symbols, want, args.repeat, ["--no-blas"]))
    if args.check:
        return rows
    add("gcc -O3 -fopenmp", lambda: run_c(case, arrays, want, args.repeat))
    add("NumPy" + ("/OpenBLAS" if case.kernel == "mm" else ""),
        lambda: run_numpy(case, arrays, symbols, want, args.repeat))
    if not args.no_dace:
        for prog in case.progs:
            for autoopt in (False, True):
                add(f"DaCe {prog} ({'auto_optimize' if autoopt else 'default'})",
                    lambda: run_dace(case, prog, autoopt, arrays, symbols, want, args.repeat))
    return rows


def table(results):
    """Markdown table.  `vs ours` = peer time / our best time: > 1 means we
    are faster.  Compile = .sdfg to callable native code."""
    lines = ["| kernel | size | implementation | median | perf | vs ours | compile | ok |",
             "|---|---|---|---:|---:|---:|---:|---|"]
    for case, rows in results:
        ours = [r["time"] for label, r in rows if label.startswith("ours") and "time" in r and not r["error"]]
        best = min(ours) if ours else None
        for label, r in rows:
            if "skipped" in r:
                lines.append(f"| {case.kernel} | {case.size} | {label} | skipped: {r['skipped']} | | | | |")
                continue
            if "time" not in r:
                lines.append(f"| {case.kernel} | {case.size} | {label} | failed | | | | **FAIL** |")
                continue
            perf = case.work / r["time"] / 1e9
            vs = "" if label.startswith("ours") or best is None else f"{r['time'] / best:.2f}x"
            comp = f"{r['compile']:.2f} s" if r.get("compile") is not None else ""
            ok = "yes" if not r["error"] else "**WRONG**"
            lines.append(f"| {case.kernel} | {case.size} | {label} | {fmt_time(r['time'])} | "
                         f"{perf:.2f} {case.unit} | {vs} | {comp} | {ok} |")
    return "\n".join(lines)


def environment():
    """What the numbers depend on, for the record."""
    sh = lambda c: subprocess.run(c, shell=True, capture_output=True, text=True).stdout.strip()
    model = sh("lscpu | sed -n 's/^Model name: *//p'")
    return "\n".join([
        f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}",
        f"- machine: {model}, {NPROC} cores (nproc), OMP_NUM_THREADS={NPROC}",
        f"- load before the run: {LOAD_BEFORE}",
        f"- load after the run: {sh('uptime')}",
        f"- sdfg-run: {SDFG_RUN} built {BUILT} (at the start); repository HEAD {HEAD}",
        f"- gcc: {sh('gcc --version | head -1')}; numpy {np.__version__}",
    ])


HELP = BUILT = HEAD = ""
LOAD_BEFORE = subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes (smoke run)")
    ap.add_argument("--check", action="store_true", help="tiny sizes, ours only, verify; exit 1 on mismatch")
    ap.add_argument("--only", action="append", help="run only this kernel (repeatable)")
    ap.add_argument("--repeat", type=int, default=10, help="runs per measurement (median reported)")
    ap.add_argument("--no-dace", action="store_true", help="skip the DaCe peers")
    args = ap.parse_args()
    if args.check:
        args.repeat = 2  # sdfg-run prints its timing line only for --repeat > 1
    if not os.path.exists(SDFG_RUN):
        sys.exit(f"{SDFG_RUN} is missing: run `cargo build --release` first")
    # Others may rebuild the binary while we run: record the one we started with.
    global HELP, BUILT, HEAD
    HELP = subprocess.run([SDFG_RUN, "--help"], capture_output=True, text=True).stdout
    BUILT = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(os.path.getmtime(SDFG_RUN)))
    HEAD = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True).stdout.strip()
    build_c()

    selected = [c for c in cases("check" if args.check else "quick" if args.quick else "full")
                if not args.only or c.kernel in args.only or any(p in args.only for p in c.progs)]
    results = []
    for case in selected:
        results.append((case, measure(case, args)))

    out = environment() + "\n\n" + table(results)
    print(out)
    with open(os.path.join(BUILD, "results.md"), "w") as f:
        f.write(out + "\n")
    failed = [(c.kernel, label) for c, rows in results for label, r in rows if r.get("error")]
    if failed:
        print(f"\n{len(failed)} FAILED OR WRONG: {failed}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
