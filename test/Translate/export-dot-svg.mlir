// Pictures of an SDFG. --export-dot writes Graphviz DOT with DaCe's
// shapes (states and regions as clusters, access nodes as ellipses,
// tasklets as octagons with their code as tooltip, maps as trapezoids,
// library nodes as folders, nested SDFGs as clusters holding their graph),
// each element with its `id` (place in the SDFG) and `class` (kind);
// --export-svg lays it out with Graphviz and marks each element's group
// with data-sdfg-kind and data-sdfg-id.
// RUN: sdfg-translate --export-dot %corpus/vec_add.simplified.sdfg | FileCheck %s --check-prefix=DOT
// DOT: digraph "progs_basic_vec_add" {
// DOT: subgraph "cluster_b0" { id="b0"; class="state"; label="BinOp_20";
// DOT: "b0/n0" [id="b0/n0", class="map-entry", shape=trapezium, label="_Add__map[__i0=0:N]\nDefault"];
// DOT: "b0/n1" [id="b0/n1", class="tasklet", shape=octagon, label="_Add_", tooltip="__out = (__in1 + __in2)"];
// DOT: "b0/n2" [id="b0/n2", class="map-exit", shape=invtrapezium, label="_Add__map"];
// DOT: "b0/n3" [id="b0/n3", class="access", shape=ellipse, label="a"];
// DOT: "b0/n3" -> "b0/n0" [id="b0/e0", class="memlet", label="a[0:N]"];
// DOT: "b0/n0" -> "b0/n1" [id="b0/e3", class="memlet", label="a[__i0]"];
// Dialect text draws the same (its memlets in the dialect's order).
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.simplified.sdfg -o %t.mlir
// RUN: sdfg-translate --export-dot %t.mlir | FileCheck %s --check-prefix=MLIR
// MLIR: "b0/n1" [id="b0/n1", class="tasklet", shape=octagon, label="_Add_", tooltip="__out = (__in1 + __in2)"];
// MLIR-DAG: "b0/n3" -> "b0/n0" [id="b0/e{{[0-9]}}", class="memlet", label="a[0:N]"];
// MLIR-DAG: "b0/n0" -> "b0/n1" [id="b0/e{{[0-9]}}", class="memlet", label="a[__i0]"];

// Library nodes, nested SDFGs (edges attach to their cluster), loops with
// their header, conditional branches, interstate edges with their code.
// RUN: sdfg-translate --export-dot %corpus/atax.simplified.sdfg | FileCheck %s --check-prefix=LIB
// LIB: "b0/n3" [id="b0/n3", class="library", shape=folder, label="_MatMult_\n(MatMul)"];
// RUN: sdfg-translate --export-dot %corpus/atax.autoopt.sdfg | FileCheck %s --check-prefix=NESTED
// NESTED: subgraph "cluster_b0/n4" { id="b0/n4"; class="nested-sdfg"; label="_MatMult_gemv"; style=bold;
// NESTED: "b0/n4/b0/anchor" -> "b0/n4/b1/anchor" [id="b0/n4/i0", class="interstate-edge", label="", ltail="cluster_b0/n4/b0", lhead="cluster_b0/n4/b1"];
// NESTED: lhead="cluster_b0/n4"
// RUN: sdfg-translate --export-dot %corpus/break_continue.cfg_simplified.sdfg | FileCheck %s --check-prefix=CFG
// CFG: subgraph "cluster_b1" { id="b1"; class="region"; label="for_119\nfor i = 0; (i < N); i = (i + 1)"; style=rounded;
// CFG: subgraph "cluster_b1/b2/c0" { id="b1/b2/c0"; class="region"; label="if __tmp2"; style=dashed;

// The SVG has one marked group per element (counts per kind).
// RUN: sdfg-translate --export-svg %corpus/atax.autoopt.sdfg -o %t.svg
// RUN: grep -o 'data-sdfg-kind="[a-z-]*"' %t.svg | sort | uniq -c | awk '{print $1, $2}' | FileCheck %s --check-prefix=SVG
// SVG: {{^}}12 data-sdfg-kind="access"
// SVG-NEXT: {{^}}2 data-sdfg-kind="interstate-edge"
// SVG-NEXT: {{^}}4 data-sdfg-kind="map-entry"
// SVG-NEXT: {{^}}4 data-sdfg-kind="map-exit"
// SVG-NEXT: {{^}}24 data-sdfg-kind="memlet"
// SVG-NEXT: {{^}}2 data-sdfg-kind="nested-sdfg"
// SVG-NEXT: {{^}}5 data-sdfg-kind="state"
// SVG-NEXT: {{^}}4 data-sdfg-kind="tasklet"
// RUN: FileCheck %s --check-prefix=SVGID < %t.svg
// SVGID: <g id="b0/n4" class="cluster nested&#45;sdfg" data-sdfg-kind="nested-sdfg" data-sdfg-id="b0/n4">

// Without Graphviz: an error naming what is missing, exit 1, no file.
// RUN: rm -f %t-none.svg
// RUN: not env SDFG_DOT=/nonexistent/dot sdfg-translate --export-svg %corpus/vec_add.simplified.sdfg -o %t-none.svg 2>&1 | FileCheck %s --check-prefix=NODOT
// RUN: not test -e %t-none.svg
// NODOT: vec_add.simplified.sdfg: error: cannot draw the SDFG: SDFG_DOT names /nonexistent/dot, which is not a file
// A file that does not import gets its import error.
// RUN: echo '{"type": "SDFG"' > %t-bad.sdfg
// RUN: not sdfg-translate --export-dot %t-bad.sdfg -o %t-bad.dot 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not test -e %t-bad.dot
// BAD: {{.*}}bad.sdfg:{{.*}}error:

// --export-html: one self-contained page with the SVG inline, the
// properties of every element as JSON (for the side panel), and a script
// for pan, zoom, search, selection and folding.
// RUN: sdfg-translate --export-html %corpus/atax.autoopt.sdfg -o %t.html
// RUN: python3 %inputs/check-html.py %t.html | FileCheck %s --check-prefix=HTML
// HTML: 12 access
// HTML-NEXT: 2 interstate-edge
// HTML-NEXT: 4 map-entry
// HTML-NEXT: 4 map-exit
// HTML-NEXT: 24 memlet
// HTML-NEXT: 2 nested-sdfg
// HTML-NEXT: 5 state
// HTML-NEXT: 4 tasklet
// RUN: FileCheck %s --check-prefix=PAGE < %t.html
// PAGE: <title>progs_polybench_atax</title>
// PAGE: <svg
// PAGE: <script class="sdfg-properties" type="application/json">
// PAGE-SAME: "b0/n4":{"label":"_MatMult_gemv"
// PAGE-SAME: "kind":"nested-sdfg"
