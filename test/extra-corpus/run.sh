#!/usr/bin/env bash
# Run every extra-corpus variant with sdfg-run and compare with the expected outputs.
# Usage: run.sh [--engine jit|aot] [glob]   (default: jit, all *.sdfg)
# Prints "PASS file" / "FAIL file: message" and a final "N passed, M failed".
set -u
HERE="$(cd "$(dirname "$0")" && pwd)"
RUN="${SDFG_RUN:-$HERE/../../target/debug/sdfg-run}"
ENGINE=jit
if [ "${1:-}" = "--engine" ]; then ENGINE="$2"; shift 2; fi
GLOB="${1:-*.sdfg}"
pass=0; fail=0
cd "$HERE"
for f in $GLOB; do
  [ -f "$f" ] || continue
  prog="${f%%.*}"
  syms=$(python3 -c "import json,sys;d=json.load(open('$prog.json'));print(' '.join('--symbol %s=%s'%(k,v) for k,v in d['symbols'].items()))")
  out=$(timeout 300 "$RUN" "$f" --inputs "$prog.npz" --expected "$prog.npz" --manifest "$prog.json" --engine "$ENGINE" $syms 2>&1)
  rc=$?
  if [ $rc -eq 0 ]; then
    echo "PASS $f"; pass=$((pass+1))
  else
    msg=$(echo "$out" | grep -v '^\s*$' | tail -n 4 | tr '\n' ' ' | cut -c1-400)
    echo "FAIL $f: rc=$rc $msg"; fail=$((fail+1))
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
