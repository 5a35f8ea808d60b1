// Well-formed JSON that is not a valid SDFG. The bad files are made from
// corpus files by %inputs/mutate-sdfg.py (one Python statement on the parsed
// document `d`). Each error names the JSON path of the offending value, the
// exit status is 1 and no output file is written.
//
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.node.sdfg 'd["nodes"][1]["nodes"][1]["type"] = "Bogus"'
// RUN: not sdfg-translate --import-sdfg %t.node.sdfg -o %t.node.out 2>&1 | FileCheck %s --check-prefix=NODE -DFILE=%t.node.sdfg
// RUN: test ! -e %t.node.out
// NODE: {{^}}[[FILE]]:nodes[1].nodes[1].type: error: unknown node type `Bogus` (known: AccessNode, Tasklet, MapEntry, MapExit, ConsumeEntry, ConsumeExit, NestedSDFG, LibraryNode){{$}}
// NODE-NOT: error
//
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.block.sdfg 'd["nodes"][1]["type"] = "BogusBlock"'
// RUN: not sdfg-translate --import-sdfg %t.block.sdfg -o %t.block.out 2>&1 | FileCheck %s --check-prefix=BLOCK -DFILE=%t.block.sdfg
// RUN: test ! -e %t.block.out
// BLOCK: {{^}}[[FILE]]:nodes[1].type: error: unknown block type `BogusBlock` (known: SDFGState, ControlFlowRegion, NamedRegion, FunctionCallRegion, LoopRegion, ConditionalBlock, BreakBlock, ContinueBlock, ReturnBlock){{$}}
// BLOCK-NOT: error
//
// A block type nested in a LoopRegion of a cfg file.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/break_continue.cfg.sdfg %t.inner.sdfg 'd["nodes"][2]["nodes"][0]["type"] = "WhileRegion"'
// RUN: not sdfg-translate --import-sdfg %t.inner.sdfg -o %t.inner.out 2>&1 | FileCheck %s --check-prefix=INNER -DFILE=%t.inner.sdfg
// RUN: test ! -e %t.inner.out
// INNER: {{^}}[[FILE]]:nodes[2].nodes[0].type: error: unknown block type `WhileRegion` (known: {{.*}}){{$}}
//
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.data.sdfg 'd["attributes"]["_arrays"]["a"]["type"] = "Tensor"'
// RUN: not sdfg-translate --import-sdfg %t.data.sdfg -o %t.data.out 2>&1 | FileCheck %s --check-prefix=DATA -DFILE=%t.data.sdfg
// RUN: test ! -e %t.data.out
// DATA: {{^}}[[FILE]]:attributes._arrays.a.type: error: unknown data descriptor type `Tensor` (known: Array, Scalar, Stream, ArrayView, View, ArrayReference, Reference){{$}}
// DATA-NOT: error
//
// Dangling edges: a dataflow edge to a node index past the end of the
// state's nodes, an interstate edge to a missing block.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.dangling.sdfg 'd["nodes"][1]["edges"][0]["src"] = "17"' 'd["edges"][1]["dst"] = "9"'
// RUN: not sdfg-translate --import-sdfg %t.dangling.sdfg -o %t.dangling.out 2>&1 | FileCheck %s --check-prefix=DANGLING -DFILE=%t.dangling.sdfg
// RUN: test ! -e %t.dangling.out
// DANGLING:      {{^}}[[FILE]]:nodes[1].edges[0].src: error: node index 17 out of range (there are 6){{$}}
// DANGLING-NEXT: {{^}}[[FILE]]:edges[1].dst: error: block index 9 out of range (there are 3){{$}}
// DANGLING-NOT:  error
//
// A missing `dst_connector` key (null is fine, absent is not).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.conn.sdfg 'del d["nodes"][1]["edges"][2]["dst_connector"]'
// RUN: not sdfg-translate --import-sdfg %t.conn.sdfg -o %t.conn.out 2>&1 | FileCheck %s --check-prefix=CONN -DFILE=%t.conn.sdfg
// RUN: test ! -e %t.conn.out
// CONN: {{^}}[[FILE]]:nodes[1].edges[2]: error: missing required key `dst_connector`{{$}}
// CONN-NOT: error
//
// An unparsable expression in a memlet subset.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.subset.sdfg 'd["nodes"][1]["edges"][3]["attributes"]["data"]["attributes"]["subset"]["ranges"][0]["end"] = "__i0 +* 1"'
// RUN: not sdfg-translate --import-sdfg %t.subset.sdfg -o %t.subset.out 2>&1 | FileCheck %s --check-prefix=SUBSET -DFILE=%t.subset.sdfg
// RUN: test ! -e %t.subset.out
// SUBSET: {{^}}[[FILE]]:nodes[1].edges[3].attributes.data.attributes.subset.ranges[0].end: error: cannot parse expression `__i0 +* 1`: unexpected `*` (at byte 6){{$}}
// SUBSET-NOT: error
//
// ... in a map range and in an array shape.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.expr.sdfg 'd["nodes"][1]["nodes"][0]["attributes"]["range"]["ranges"][0]["end"] = "N - "' 'd["attributes"]["_arrays"]["b"]["attributes"]["shape"] = ["N)"]'
// RUN: not sdfg-translate --import-sdfg %t.expr.sdfg -o %t.expr.out 2>&1 | FileCheck %s --check-prefix=EXPR -DFILE=%t.expr.sdfg
// RUN: test ! -e %t.expr.out
// EXPR-DAG: {{^}}[[FILE]]:attributes._arrays.b.attributes.shape[0]: error: cannot parse expression `N)`: {{.+}}
// EXPR-DAG: {{^}}[[FILE]]:nodes[1].nodes[0].attributes.range.ranges[0].end: error: cannot parse expression `N - `: {{.+}}
//
// A LibraryNode without `classpath`, and one whose classpath is not a string.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/reduce_sum.minimal.sdfg %t.classpath.sdfg 'del d["nodes"][0]["nodes"][1]["classpath"]' 'd["nodes"][0]["nodes"][5]["classpath"] = 5'
// RUN: not sdfg-translate --import-sdfg %t.classpath.sdfg -o %t.classpath.out 2>&1 | FileCheck %s --check-prefix=CLASSPATH -DFILE=%t.classpath.sdfg
// RUN: test ! -e %t.classpath.out
// CLASSPATH:      {{^}}[[FILE]]:nodes[0].nodes[1]: error: missing required key `classpath`{{$}}
// CLASSPATH-NEXT: {{^}}[[FILE]]:nodes[0].nodes[5].classpath: error: expected a string, found number{{$}}
// CLASSPATH-NOT:  error
//
// Errors inside a nested SDFG carry the full path through the NestedSDFG node.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/nested_call.minimal.sdfg %t.nested.sdfg 'd["nodes"][5]["nodes"][1]["attributes"]["sdfg"]["nodes"][0]["type"] = "Bogus"'
// RUN: not sdfg-translate --import-sdfg %t.nested.sdfg -o %t.nested.out 2>&1 | FileCheck %s --check-prefix=NESTED -DFILE=%t.nested.sdfg
// RUN: test ! -e %t.nested.out
// NESTED: {{^}}[[FILE]]:nodes[5].nodes[1].attributes.sdfg.nodes[0].type: error: unknown block type `Bogus`{{.*$}}
