// sdfg-run --profile FILE times every state and every outermost map of
// the SDFG and writes the time per run (slowest first) with how often
// each ran: jacobi_2d's loop body runs T = 4 times, its init state once.
// RUN: sdfg-run %corpus/jacobi_2d.cfg_simplified.sdfg --inputs %corpus/jacobi_2d.npz --expected %corpus/jacobi_2d.npz --manifest %corpus/jacobi_2d.json --profile %t.json --repeat 2 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match
// RUN: python3 %inputs/check-profile.py %t.json | FileCheck %s
// CHECK: map-entry _Add__map 4
// CHECK: map-entry _Mult__map 4
// CHECK: state BinOp_26 4
// CHECK: state BinOp_27 4
// CHECK: state init 1
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// JSON: "sdfg": "progs_control_jacobi_2d",
// JSON-NEXT: "runs": 2,
// JSON-NEXT: "elements": [
// JSON-NEXT: {
// JSON-NEXT: "id": "b{{[0-9/bn]+}}",

// FILE.html: the view with each timed element coloured and its time shown;
// the list in the side panel.
// RUN: sdfg-run %corpus/jacobi_2d.cfg_simplified.sdfg --inputs %corpus/jacobi_2d.npz --symbol T=4 --profile %t.html -o %t-out.npz
// RUN: python3 %inputs/check-html.py %t.html | FileCheck %s --check-prefix=PAGE
// PAGE: 26 access
// RUN: FileCheck %s --check-prefix=MARKS < %t.html
// MARKS: "title":"Time per run (1 run)"
// MARKS-SAME: "profile":[{"id":"b{{[0-9/bn]+}}","seconds":

// Timing runs with the JIT: the AOT engine is refused, and no report written.
// RUN: rm -f %t-aot.json
// RUN: not sdfg-run %corpus/jacobi_2d.cfg_simplified.sdfg --inputs %corpus/jacobi_2d.npz --symbol T=4 --engine aot --profile %t-aot.json 2>&1 | FileCheck %s --check-prefix=AOT
// RUN: not test -e %t-aot.json
// AOT: jacobi_2d.cfg_simplified.sdfg: error: --profile runs programs with the JIT (--engine jit)
