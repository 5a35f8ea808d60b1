"""Generate the extra corpus: <prog>.<variant>.sdfg, <prog>.json, <prog>.npz.

Usage: ../../.venv/bin/python generate.py [prog ...] [--no-dace-run]
Expected outputs come from the NumPy reference in programs.py (or from dace's run of the simplified
variant when a program has no NumPy reference). Unless --no-dace-run, dace's own run of the
simplified variant is compared with the NumPy reference and the result recorded in the manifest.
"""
import copy
import json
import os
import sys
import traceback
import zlib

import numpy as np
import dace
from dace.transformation.auto.auto_optimize import auto_optimize

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import programs  # noqa: E402

dace.Config.set('cache', value='unique')
dace.Config.set('default_build_folder', value=os.path.join('/tmp', 'extra-corpus-dacecache'))

FLOAT_TOL = {'float32': (1e-4, 1e-5), 'complex64': (1e-4, 1e-5), 'float64': (1e-9, 1e-12), 'complex128': (1e-9, 1e-12)}


def close(got, exp):
    got = np.asarray(got)
    exp = np.asarray(exp)
    if got.shape != exp.shape and got.size == exp.size:
        got = got.reshape(exp.shape)
    if got.shape != exp.shape:
        return False
    dt = str(exp.dtype)
    if dt in FLOAT_TOL:
        rt, at = FLOAT_TOL[dt]
        return bool(np.all(np.abs(got - exp) <= at + rt * np.abs(exp)))
    return bool(np.array_equal(got, exp))


def fix_conditional_blocks(sdfg):
    from dace.sdfg.state import ConditionalBlock
    for sd in sdfg.all_sdfgs_recursive():
        for blk in sd.all_control_flow_blocks():
            if isinstance(blk, ConditionalBlock):
                for _, region in blk.branches:
                    region.parent_graph = blk.parent_graph
                    region.sdfg = blk.sdfg
        sd.reset_cfg_list()


def run_dace(path, inputs, symbols):
    sdfg = dace.SDFG.from_file(path)
    fix_conditional_blocks(sdfg)
    args = {}
    for k, v in inputs.items():
        if k not in sdfg.arrays:
            continue
        args[k] = v.copy() if v.ndim > 0 else v[()]
    syms = {k: v for k, v in symbols.items() if k in sdfg.free_symbols}
    ret = sdfg(**args, **syms)
    outs = {k: v for k, v in args.items() if isinstance(v, np.ndarray)}
    if ret is not None:
        if isinstance(ret, tuple):
            for i, r in enumerate(ret):
                outs['__return_%d' % i] = np.asarray(r)
        else:
            outs['__return'] = np.asarray(ret)
    return outs


def gen(name, spec, dace_run=True):
    prog = spec['prog']
    rng = np.random.default_rng(zlib.crc32(name.encode()))
    inputs = spec['inputs'](rng)
    inputs = {k: (np.asarray(v) if not isinstance(v, np.ndarray) else v) for k, v in inputs.items()}
    symbols = spec['symbols']
    if symbols is None:  # csr
        symbols = dict(M=len(inputs['rowptr']) - 1, NNZ=len(inputs['col']), N=len(inputs['x']))
    man = dict(name=name, description=spec['desc'], dace_version=dace.__version__, symbols=symbols, variants={},
               skipped_variants={}, data=name + '.npz', notes=[])
    sdfgs = {}
    try:
        sdfgs['frontend'] = prog.to_sdfg(simplify=False)
    except Exception as e:
        man['skipped_variants']['frontend'] = repr(e)
    try:
        sdfgs['simplified'] = prog.to_sdfg()
    except Exception as e:
        man['skipped_variants']['simplified'] = repr(e)
    if 'simplified' in sdfgs:
        try:
            s = copy.deepcopy(sdfgs['simplified'])
            auto_optimize(s, dace.DeviceType.CPU)
            sdfgs['autoopt'] = s
        except Exception as e:
            man['skipped_variants']['autoopt'] = repr(e)[:500]
    try:
        cprog = dace.program(use_experimental_cfg_blocks=True)(prog.f)
        sdfgs['cfg'] = cprog.to_sdfg(simplify=False)
    except Exception as e:
        man['skipped_variants']['cfg'] = repr(e)[:500]
    for v, s in sdfgs.items():
        try:
            s.validate()
        except Exception as e:
            man['skipped_variants'][v] = 'validate: ' + repr(e)[:500]
            continue
        fn = '%s.%s.sdfg' % (name, v)
        s.save(os.path.join(HERE, fn))
        man['variants'][v] = dict(file=fn, sdfg_name=s.name, arg_names=list(s.arg_names),
                                  arglist=[dict(name=k, type=type(d).__name__, dtype=str(d.dtype))
                                           for k, d in s.arglist().items()])
    ref_sdfg = sdfgs.get('simplified') or sdfgs.get('frontend')
    rets = [k for k in ref_sdfg.arrays if k.startswith('__return') and not ref_sdfg.arrays[k].transient]
    man['arguments'] = [dict(name=k, kind='array' if v.ndim else 'scalar', shape=list(v.shape), dtype=str(v.dtype))
                        for k, v in inputs.items()]
    man['returns'] = [dict(name=k, dtype=ref_sdfg.arrays[k].dtype.to_string(),
                           shape=[str(x) for x in ref_sdfg.arrays[k].shape]) for k in sorted(rets)]

    expected = None
    if spec['ref'] is not None:
        cp = {k: v.copy() for k, v in inputs.items()}
        r = spec['ref'](cp, symbols)
        expected = {k: v for k, v in cp.items() if v.ndim > 0}
        expected.update({k: np.asarray(v) for k, v in r.items()})
        man['reference_outputs_from'] = 'numpy'
    dace_out = None
    if dace_run or expected is None:
        v = 'simplified' if 'simplified' in man['variants'] else 'frontend'
        try:
            dace_out = run_dace(os.path.join(HERE, man['variants'][v]['file']), inputs, symbols)
            man['dace_ran'] = v
        except Exception as e:
            man['notes'].append('dace run of %s failed: %s' % (v, repr(e)[:300]))
    if expected is None:
        expected = dace_out
        man['reference_outputs_from'] = 'dace:' + man.get('dace_ran', '?')
    elif dace_out is not None:
        bad = []
        for k, e in expected.items():
            if k not in dace_out:
                bad.append(k + ' missing in dace output')
            elif not close(dace_out[k], e):
                bad.append(k)
        man['dace_matches_numpy'] = not bad
        if bad:
            man['notes'].append('dace (simplified) differs from NumPy on: %s' % bad)
            man['dace_outputs_differ'] = {k: np.asarray(dace_out[k]).tolist() for k in bad if k in dace_out
                                          and np.asarray(dace_out[k]).dtype.kind != 'c'}
    # return arrays: make shapes match dace's declared shape (scalar returns are [1])
    for r in rets:
        if r in expected:
            shp = tuple(int(dace.symbolic.evaluate(x, symbols)) for x in ref_sdfg.arrays[r].shape)
            expected[r] = np.asarray(expected[r]).reshape(shp).astype(ref_sdfg.arrays[r].dtype.type)
    man['outputs'] = sorted(expected)
    man['compare'] = {'float_default': {'float32/complex64': {'rtol': 1e-4, 'atol': 1e-5},
                                        'float64/complex128': {'rtol': 1e-9, 'atol': 1e-12}}}
    man['source'] = prog.f.__doc__ or ''
    try:
        import inspect
        man['source'] = inspect.getsource(prog.f)
    except Exception:
        pass
    npz = {'in.' + k: v for k, v in inputs.items()}
    npz.update({'out.' + k: v for k, v in expected.items()})
    np.savez(os.path.join(HERE, name + '.npz'), **npz)
    with open(os.path.join(HERE, name + '.json'), 'w') as f:
        json.dump(man, f, indent=1, default=str)
    return man


def main():
    args = [a for a in sys.argv[1:] if not a.startswith('--')]
    dace_run = '--no-dace-run' not in sys.argv
    names = args or list(programs.PROGRAMS)
    for n in names:
        try:
            m = gen(n, programs.PROGRAMS[n], dace_run)
            print('%-22s variants=%s skipped=%s dace_match=%s notes=%s' % (
                n, list(m['variants']), list(m['skipped_variants']), m.get('dace_matches_numpy'), m['notes']),
                flush=True)
        except Exception:
            print('%-22s GENERATION FAILED' % n, flush=True)
            traceback.print_exc()


if __name__ == '__main__':
    main()
