// sdfg-opt draws SDFGs too. With --sdfg-list-matches, --export-html FILE
// numbers every match on the view (the map each tiling would tile; a
// match inside a nested SDFG at its node there) and lists them in the
// side panel; the list still goes to the output.
// RUN: sdfg-opt %corpus/atax.autoopt.sdfg --sdfg-list-matches=sdfg-map-tiling --export-html %t-matches.html | FileCheck %s --check-prefix=LIST
// LIST: 0: in nested SDFG '_MatMult_gemv': map 'gemv_init_map'
// RUN: python3 %inputs/check-html.py %t-matches.html | FileCheck %s --check-prefix=PAGE
// PAGE: 4 map-entry
// RUN: FileCheck %s --check-prefix=MARKS < %t-matches.html
// MARKS: <script class="sdfg-marks" type="application/json">{"title":"4 matches of sdfg-map-tiling","highlights":[{"id":"b0/n4/b0/n0","number":0,"text":"in nested SDFG '_MatMult_gemv': map 'gemv_init_map' [_o0] in state '_MatMult_gemv_initstate'"},{"id":"b0/n4/b1/n0","number":1,
// MARKS-SAME: {"id":"b0/n5/b1/n0","number":3,

// A match of blocks (two states to fuse) is marked on its first state.
// RUN: sdfg-opt %corpus/break_continue.frontend.sdfg --sdfg-list-matches=sdfg-state-fusion --export-html %t-states.html
// RUN: FileCheck %s --check-prefix=STATES < %t-states.html
// STATES: "highlights":[{"id":"b0","number":0,"text":"states 'init' and 'assign_118_4'"}

// --sdfg-view-diff FILE: before and after side by side; what the tiling
// removed marked on the left, what it added on the right (the two maps,
// their exits and memlets); the transformed IR still goes to the output.
// RUN: sdfg-opt %corpus/vec_add.simplified.sdfg --sdfg-map-tiling --sdfg-view-diff %t-diff.html | FileCheck %s --check-prefix=IR
// IR: sdfg.map "_Add__map" ["tile___i0"] = 0:N:128
// RUN: python3 %inputs/check-html.py %t-diff.html | FileCheck %s --check-prefix=DIFFPAGE
// DIFFPAGE: 6 access
// DIFFPAGE-NEXT: 3 map-entry
// DIFFPAGE-NEXT: 3 map-exit
// DIFFPAGE-NEXT: 15 memlet
// DIFFPAGE-NEXT: 2 state
// RUN: FileCheck %s --check-prefix=DIFF < %t-diff.html
// DIFF: <title>before: progs_basic_vec_add | after: progs_basic_vec_add</title>
// DIFF: <script class="sdfg-marks" type="application/json">{"title":null,"highlights":[],"added":[],"removed":["b0/e0","b0/e1","b0/e3","b0/e4","b0/n0"],"changed":[],"profile":[]}</script>
// DIFF: <script class="sdfg-marks" type="application/json">{"title":null,"highlights":[],"added":["b0/e0","b0/e1","b0/e3","b0/e4","b0/e5","b0/e6","b0/e7","b0/n0","b0/n1","b0/n4"],"removed":[],"changed":[],"profile":[]}</script>

// Nothing changed: nothing marked.
// RUN: sdfg-opt %corpus/vec_add.simplified.sdfg --sdfg-view-diff %t-same.html > /dev/null
// RUN: FileCheck %s --check-prefix=SAME < %t-same.html
// SAME: "added":[],"removed":[]
// SAME: "added":[],"removed":[]

// A page that cannot be drawn is an error, and no page is written.
// RUN: rm -f %t-none.html
// RUN: not env SDFG_DOT=/nonexistent/dot sdfg-opt %corpus/vec_add.simplified.sdfg --sdfg-map-tiling --sdfg-view-diff %t-none.html 2>&1 | FileCheck %s --check-prefix=NODOT
// RUN: not test -e %t-none.html
// NODOT: vec_add.simplified.sdfg: error: cannot draw the SDFG: SDFG_DOT names /nonexistent/dot
