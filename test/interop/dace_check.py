#!/usr/bin/env python3
"""Check SDFGs exported by sdfg-mlir against the originals, using DaCe 1.0.2.

Usage:
  dace_check.py PAIRS_FILE          # lines "ORIGINAL.sdfg<TAB>EXPORTED.sdfg"
  dace_check.py --self-test CORPUS  # every corpus file vs itself / benign rewrite / mutations

Per pair: EXPORTED must load and validate() in dace, and be semantically equal to ORIGINAL
(ids, edge order, expression spelling, guids/debuginfo and default-valued properties may differ).
Prints "PASS x" / "FAIL x: ..." per check and a final "N passed, M failed"; exit 1 on failure.
"""
import ast
import collections
import copy
import functools
import glob
import json
import multiprocessing
import os
import sys
import tempfile
import time
import warnings

import dace
import numpy as np
import sympy
from dace import subsets, symbolic
from dace.sdfg import nodes as nd
from dace.sdfg.state import ConditionalBlock, ControlFlowRegion, LoopRegion, SDFGState
# transformation_hist entries (e.g. MapTiling) only deserialize once their classes are registered.
import dace.transformation.dataflow  # noqa: F401
import dace.transformation.interstate  # noqa: F401
import dace.libraries.blas  # noqa: F401
import dace.libraries.standard  # noqa: F401

MAX_SHOWN = 5
warnings.filterwarnings('ignore', message='(WARNING: Use of uninitialized transient|Found constant)')  # validate() noise
try:  # do not let dace swallow deserialization errors (key exists in 1.0.2)
    dace.config.Config.get('testing', 'deserialize_exception')
    dace.config.Config.set('testing', 'deserialize_exception', value=True)
except Exception:
    pass


# ---------------------------------------------------------------- loading

def sub_blocks(region):
    """All blocks/regions below `region` (not entering nested SDFGs)."""
    for b in region.nodes():
        yield b
        if isinstance(b, ConditionalBlock):
            for _, r in b.branches:
                yield r
                yield from sub_blocks(r)
        elif isinstance(b, ControlFlowRegion):
            yield from sub_blocks(b)


def all_sdfgs(sdfg):
    yield sdfg
    for b in sub_blocks(sdfg):
        if isinstance(b, SDFGState):
            for n in b.nodes():
                if isinstance(n, nd.NestedSDFG):
                    yield from all_sdfgs(n.sdfg)


def load(path):
    sdfg = dace.SDFG.from_file(path)
    # dace 1.0.2 bug: ConditionalBlock.from_json leaves branch regions without parent_graph.
    for sd in all_sdfgs(sdfg):
        for b in sub_blocks(sd):
            if isinstance(b, ConditionalBlock):
                for _, r in b.branches:
                    r.parent_graph, r.sdfg = b.parent_graph, b.sdfg
    sdfg.reset_cfg_list()
    return sdfg


# ---------------------------------------------------------------- normalisation

@functools.lru_cache(maxsize=None)
def _sym(text):
    return symbolic.pystr_to_symbolic(text)


def sym_eq(a, b):
    if str(a) == str(b):
        return True
    try:
        return sympy.simplify(_sym(str(a)) - _sym(str(b))) == 0
    except Exception:
        return False


def seq_eq(a, b):
    return a is None and b is None or (a is not None and b is not None and len(a) == len(b)
                                       and all(sym_eq(x, y) for x, y in zip(a, b)))


@functools.lru_cache(maxsize=None)
def canon(x):
    """Canonical string of a symbolic value (hashable, for multisets)."""
    try:
        return str(sympy.expand(_sym(x)))
    except Exception:
        return ' '.join(x.split())


def csym(x):
    return None if x is None else canon(str(x))


def csubset(s):
    """Indices and Range of the same points give the same canonical tuple."""
    if s is None:
        return None
    if isinstance(s, subsets.Indices):
        return tuple((csym(i), csym(i), '1', '1') for i in s.indices)
    if isinstance(s, subsets.Range):
        return tuple((csym(b), csym(e), csym(st), csym(t)) for (b, e, st), t in zip(s.ranges, s.tile_sizes))
    return str(s)


@functools.lru_cache(maxsize=None)
def ncode(text):
    """Python code through ast (drops redundant parentheses/whitespace); other text: whitespace."""
    try:
        return ast.unparse(ast.parse(text))
    except Exception:
        return ' '.join(text.split())


def cblock(cb):
    return None if cb is None else (str(cb.language), ncode(cb.as_string))


def conns(d):
    return tuple(sorted((k, str(v)) for k, v in d.items()))


# ---------------------------------------------------------------- comparison


def symbol_type(t):
    """A symbol's type for comparison: callback signatures in full (str() says only 'dace.callback')."""
    if isinstance(t, dace.dtypes.callback):
        strip = lambda d: {k: v for k, v in d.get('attributes', {}).items() if k != 'debuginfo'} if isinstance(d, dict) else d
        j = t.to_json()
        return repr(([strip(a) for a in j['arguments']], [strip(r) for r in j['returntypes']]))
    return str(t)

class Cmp:
    def __init__(self):
        self.diffs = []

    def diff(self, path, what, exp, got):
        self.diffs.append(f'{path}: {what}: expected {exp!r}, got {got!r}')

    def eq(self, path, what, exp, got, same=None):
        if not (same(exp, got) if same else exp == got):
            self.diff(path, what, exp, got)

    def counters(self, path, what, exp, got):
        exp, got = collections.Counter(exp), collections.Counter(got)
        if exp != got:
            self.diff(path, what + ' (missing | extra)', list((exp - got).elements())[:3],
                      list((got - exp).elements())[:3])

    # -- SDFG level
    def sdfg(self, o, e, path):
        path = f'{path}/{o.name}' if path else o.name
        self.eq(path, 'name', o.name, e.name)
        self.eq(path, 'arg_names', list(o.arg_names), list(e.arg_names))
        self.eq(path, 'symbols', {k: symbol_type(v) for k, v in o.symbols.items()},
                {k: symbol_type(v) for k, v in e.symbols.items()})
        self.eq(path, 'constants', sorted(o.constants_prop), sorted(e.constants_prop))
        for k in set(o.constants_prop) & set(e.constants_prop):
            (ot, ov), (et, ev) = o.constants_prop[k], e.constants_prop[k]
            self.eq(path, f'constant {k} dtype', str(ot), str(et))
            self.eq(path, f'constant {k} value', ov, ev, lambda a, b: np.array_equal(np.asarray(a), np.asarray(b)))
        self.eq(path, 'containers', sorted(o.arrays), sorted(e.arrays))
        for k in sorted(set(o.arrays) & set(e.arrays)):
            self.container(o.arrays[k], e.arrays[k], f'{path}/container {k}')
        self.region(o, e, path)

    def container(self, o, e, path):
        self.eq(path, 'type', type(o).__name__, type(e).__name__)
        for f in ('dtype', 'transient', 'storage', 'lifetime'):
            self.eq(path, f, str(getattr(o, f, None)), str(getattr(e, f, None)))
        for f in ('shape', 'strides', 'offset'):
            a, b = getattr(o, f, None), getattr(e, f, None)
            self.eq(path, f, a and tuple(a), b and tuple(b), seq_eq)
        for f in ('total_size', 'buffer_size'):
            self.eq(path, f, getattr(o, f, None), getattr(e, f, None), sym_eq)

    # -- control flow
    def region(self, o, e, path):
        on, en = o.nodes(), e.nodes()
        self.eq(path, 'blocks', [(type(b).__name__, b.label) for b in on], [(type(b).__name__, b.label) for b in en])
        if on and en:
            self.eq(path, 'start block', o.start_block.label, e.start_block.label)
        isedge = lambda ed: (ed.src.label, ed.dst.label, ncode(ed.data.condition.as_string),
                             tuple(sorted((k, ncode(str(v))) for k, v in ed.data.assignments.items())))
        self.counters(path, 'interstate edges', map(isedge, o.edges()), map(isedge, e.edges()))
        for ob, eb in zip(on, en):
            if type(ob) is not type(eb) or ob.label != eb.label:
                continue
            p = f'{path}/{ob.label}'
            if isinstance(ob, SDFGState):
                self.state(ob, eb, p)
            elif isinstance(ob, ConditionalBlock):
                ob_, eb_ = ob.branches, eb.branches
                self.eq(p, 'branch count', len(ob_), len(eb_))
                for i, ((oc, orr), (ec, er)) in enumerate(zip(ob_, eb_)):
                    self.eq(f'{p}/branch {i}', 'condition', oc and ncode(oc.as_string), ec and ncode(ec.as_string))
                    self.eq(f'{p}/branch {i}', 'label', orr.label, er.label)
                    self.region(orr, er, f'{p}/{orr.label}')
            elif isinstance(ob, ControlFlowRegion):
                if isinstance(ob, LoopRegion):
                    for f in ('loop_variable', 'inverted', 'update_before_condition'):
                        self.eq(p, f, getattr(ob, f), getattr(eb, f))
                    for f in ('init_statement', 'loop_condition', 'update_statement'):
                        self.eq(p, f, cblock(getattr(ob, f)), cblock(getattr(eb, f)))
                if hasattr(ob, 'arguments'):  # FunctionCallRegion
                    self.eq(p, 'arguments', ob.arguments, eb.arguments)
                self.region(ob, eb, p)

    # -- dataflow
    def node_sig(self, n):
        sig = [type(n).__name__, n.label, conns(n.in_connectors), conns(n.out_connectors)]
        if isinstance(n, nd.AccessNode):
            sig += [n.data, n.setzero]
        elif isinstance(n, nd.Tasklet):
            sig += [str(n.language), ncode(n.code.as_string), ncode(n.code_global.as_string),
                    ncode(n.code_init.as_string), ncode(n.code_exit.as_string)]
        elif isinstance(n, nd.MapEntry):
            sig += [tuple(n.map.params), csubset(n.map.range), str(n.map.schedule)]
        elif isinstance(n, nd.ConsumeEntry):
            c = n.consume
            sig += [c.pe_index, csym(c.num_pes), cblock(c.condition), str(c.schedule)]
        elif isinstance(n, nd.NestedSDFG):
            sig += [tuple(sorted((k, csym(v)) for k, v in n.symbol_mapping.items()))]
        elif isinstance(n, nd.LibraryNode):
            sig += [type(n).__module__ + '.' + type(n).__qualname__,
                    tuple(sorted((p.attr_name, ncode(str(v))) for p, v in n.properties()
                                 if p.attr_name not in ('guid', 'debuginfo')))]
        return tuple(sig)

    def state(self, o, e, path):
        osig = {n: self.node_sig(n) for n in o.nodes()}
        esig = {n: self.node_sig(n) for n in e.nodes()}
        self.counters(path, 'nodes', osig.values(), esig.values())

        def edge_sig(ed, sig):
            m = ed.data
            return (sig[ed.src], ed.src_conn, sig[ed.dst], ed.dst_conn, m.data, csubset(m.subset),
                    csubset(m.other_subset), m.dynamic, m.wcr and ncode(str(m.wcr)))

        ose = [(edge_sig(ed, osig), csym(ed.data.volume)) for ed in o.edges()]
        ese = [(edge_sig(ed, esig), csym(ed.data.volume)) for ed in e.edges()]
        self.counters(path, 'edges', [s for s, _ in ose], [s for s, _ in ese])
        # Volumes are derived and may be omitted (loads as 0): compare only when both sides have them.
        vols = collections.defaultdict(lambda: ([], []))
        for i, lst in enumerate((ose, ese)):
            for s, v in lst:
                vols[s][i].append(v)
        for s, (ov, ev) in vols.items():
            if '0' not in ov + ev and len(ov) == len(ev) and sorted(ov) != sorted(ev):
                self.diff(path, f'memlet volume of edge {s[0][1]}->{s[2][1]} ({s[4]})', ov, ev)

        # Nested SDFGs: pair by signature; among equal signatures take the first that matches.
        enest = collections.defaultdict(list)
        for n in e.nodes():
            if isinstance(n, nd.NestedSDFG):
                enest[esig[n]].append(n)
        for n in o.nodes():
            tries = []
            for c in enest[osig[n]] if isinstance(n, nd.NestedSDFG) else []:
                sub = Cmp()
                sub.sdfg(n.sdfg, c.sdfg, f'{path}/{n.label}')
                tries.append(sub.diffs)
                if not sub.diffs:
                    break
            if tries:
                k = len(tries) - 1 if not tries[-1] else 0
                self.diffs += tries[k]
                enest[osig[n]].pop(k)


def check_pair(orig, exported):
    """List of differences (empty = PASS). Validation failure does not stop the comparison."""
    try:
        e = load(exported)
    except Exception as ex:
        return ['load exported: ' + exc_text(ex)]
    problems = []
    try:
        e.validate()
    except Exception as ex:
        problems.append('validate: ' + exc_text(ex))
    try:
        o = load(orig)
    except Exception as ex:
        return problems + ['load original: ' + exc_text(ex)]
    try:
        c = Cmp()
        c.sdfg(o, e, '')
        problems += c.diffs
    except Exception as ex:
        problems.append('compare: ' + exc_text(ex))
    return problems


def exc_text(ex):
    try:  # str() of dace validation errors can itself raise (e.g. states inside regions)
        return f'{type(ex).__name__}: {ex}'
    except Exception:
        return f'{type(ex).__name__}: {getattr(ex, "message", ex.args)}'


def report(name, problems):
    if not problems:
        print(f'PASS {name}')
    else:
        more = f' (+{len(problems) - MAX_SHOWN} more)' if len(problems) > MAX_SHOWN else ''
        print(f'FAIL {name}: ' + '; '.join(p.replace('\n', ' ')[:400] for p in problems[:MAX_SHOWN]) + more)
    sys.stdout.flush()
    return not problems


# ---------------------------------------------------------------- self-test rewrites (on JSON)

def walk_json(obj, typ):
    """All JSON objects of "type" typ (every object for None)."""
    if isinstance(obj, dict):
        if typ is None or obj.get('type') == typ:
            yield obj
        for k, v in obj.items():
            if k not in ('orig_sdfg', 'transformation_hist'):  # history, not semantics
                yield from walk_json(v, typ)
    elif isinstance(obj, list):
        for v in obj:
            yield from walk_json(v, typ)


def benign(j):
    """What the exporter may do: drop guid/debuginfo/hash, renumber nodes, reorder edges,
    respell expressions (Indices -> Range, e -> (e) - 1 + 1, extra parentheses)."""
    for k in ('guid', 'debuginfo', 'hash'):
        for o in walk_json(j, None):
            o.pop(k, None)
    for sub in walk_json(j, 'Indices'):
        sub.update(type='Range', ranges=[{'start': i, 'end': i, 'step': '1', 'tile': '1'}
                                         for i in sub.pop('indices')])
    for sub in walk_json(j, 'Range'):
        for r in sub['ranges']:
            e = r['end']  # may be {"main": ..., "approx": ...} (dace SymExpr)
            r['end'] = {k: f'({v}) - 1 + 1' for k, v in e.items()} if isinstance(e, dict) else f'({e}) - 1 + 1'
    for ie in walk_json(j, 'InterstateEdge'):
        if 'condition' in ie['attributes']:
            ie['attributes']['condition']['string_data'] = f"({ie['attributes']['condition']['string_data']})"
    for st in walk_json(j, 'SDFGState'):  # reverse node ids (node id = position) and edge order
        new = lambda i, n=len(st['nodes']): None if i is None else str(n - 1 - int(i))
        st['nodes'].reverse()
        for k, node in enumerate(st['nodes']):
            node['id'] = k
            node.update({f: new(node[f]) for f in ('scope_entry', 'scope_exit') if f in node})
        st['edges'].reverse()
        for ed in st['edges']:
            ed['src'], ed['dst'] = new(ed['src']), new(ed['dst'])
        if 'scope_dict' in st:
            st['scope_dict'] = {(k if k == '-1' else new(k)): [int(new(i)) for i in v]
                                for k, v in st['scope_dict'].items()}
    return True


def mutate(j, kind):
    """Apply one semantic change to the first place it fits; False if it fits nowhere."""
    if kind == 'subset':
        for m in walk_json(j, 'Memlet'):
            s = m['attributes'].get('subset')
            if s and s.get('type') == 'Range' and s['ranges']:
                s['ranges'][0]['start'] = f"({s['ranges'][0]['start']}) + 1"
                return True
    elif kind == 'dtype':
        swap = {'float64': 'float32', 'float32': 'float64', 'int64': 'int32', 'int32': 'int64'}
        for sd in walk_json(j, 'SDFG'):
            for d in sd['attributes']['_arrays'].values():
                if d['attributes'].get('dtype') in swap:
                    d['attributes']['dtype'] = swap[d['attributes']['dtype']]
                    return True
    elif kind == 'drop_edge':
        for st in walk_json(j, 'SDFGState'):
            if st['edges']:
                return bool(st['edges'].pop())
    elif kind == 'tasklet_code':
        for t in walk_json(j, 'Tasklet'):
            code = t['attributes'].get('code', {})
            s = code.get('string_data') or ''
            if '+' in s or '=' in s:
                code['string_data'] = s.replace('+', '-', 1) if '+' in s else s.replace('=', '= 1 +', 1)
                return True
    elif kind == 'condition':
        for ie in walk_json(j, 'InterstateEdge'):
            cond = ie['attributes'].get('condition')
            if cond and cond.get('string_data') not in (None, '1'):
                cond['string_data'] = f"not ({cond['string_data']})"
                return True
    return False


def self_test(corpus):
    ok = bad = 0
    by_compare = collections.Counter()  # mutants caught by the comparison, not just by validate()
    with tempfile.TemporaryDirectory() as tmp:
        for f in sorted(glob.glob(os.path.join(corpus, '*.sdfg'))):
            base = os.path.basename(f)
            with open(f) as fp:
                orig = json.load(fp)
            for kind in ('identity', 'benign', 'subset', 'dtype', 'drop_edge', 'tasklet_code', 'condition'):
                target, j = f, copy.deepcopy(orig)
                if kind != 'identity':
                    if not (benign(j) if kind == 'benign' else mutate(j, kind)):
                        continue  # mutation not applicable to this file
                    target = os.path.join(tmp, f'{kind}.{base}')
                    with open(target, 'w') as fp:
                        json.dump(j, fp)
                problems = check_pair(f, target)
                if kind in ('identity', 'benign'):
                    good = report(f'{kind} {base}', problems)
                else:
                    good = bool(problems)
                    by_compare[kind] += any(not p.startswith(('validate:', 'load')) for p in problems)
                    print(f"{'PASS' if good else 'FAIL'} {kind} {base} (mutant rejected: "
                          f"{problems[0][:200] if problems else 'NO - not detected'})")
                ok, bad = ok + good, bad + (not good)
    print('mutants rejected by the comparison itself: ' + ', '.join(f'{k}={v}' for k, v in sorted(by_compare.items())))
    return ok, bad


def validate_one(path):
    """`(path, problems)`: whether DaCe loads and validates one file."""
    try:
        load(path).validate()
        return path, []
    except Exception as ex:
        return path, [exc_text(ex)]


def check_line(line):
    """`(original, problems)` for one "ORIGINAL<TAB>EXPORTED" line."""
    orig, _, exported = line.partition('\t')
    try:
        return orig, check_pair(orig, exported) if exported else ['bad pairs line']
    except Exception as ex:  # never crash on one pair
        return orig, [exc_text(ex)]


def main(argv):
    t0 = time.time()
    if len(argv) == 3 and argv[1] == '--self-test':
        ok, bad = self_test(argv[2])
    elif len(argv) == 3 and argv[1] == '--validate-only':
        # Transformed SDFGs differ from their originals on purpose: only
        # check that dace loads and validates them.
        ok = bad = 0
        with open(argv[2]) as fp:
            paths = [line.strip() for line in fp if line.strip()]
        # Files are independent: one worker per core (forked after import).
        with multiprocessing.Pool(min(4, os.cpu_count() or 1)) as pool:
            for path, errors in pool.imap(validate_one, paths, chunksize=8):
                good = report(path, errors)
                ok, bad = ok + good, bad + (not good)
    elif len(argv) == 2:
        ok = bad = 0
        with open(argv[1]) as fp:
            lines = [line.rstrip('\n') for line in fp if line.strip()]
        with multiprocessing.Pool(min(4, os.cpu_count() or 1)) as pool:
            for orig, problems in pool.imap(check_line, lines, chunksize=4):
                good = report(orig, problems)
                ok, bad = ok + good, bad + (not good)
    else:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.flush()
    print(f'({time.time() - t0:.1f}s)', file=sys.stderr)
    print(f'{ok} passed, {bad} failed')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
