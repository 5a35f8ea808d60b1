// Files that parse but break DaCe's validation rules: the verifier runs on
// import and reports every violation at the JSON path of the element.
//
// A memlet into a tasklet connector that the tasklet does not declare.
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.conn.sdfg 'd["nodes"][1]["edges"][3]["dst_connector"] = "__in9"'
// RUN: not sdfg-translate --import-sdfg %t.conn.sdfg -o %t.conn.out 2>&1 | FileCheck %s --check-prefix=CONN -DFILE=%t.conn.sdfg
// RUN: test ! -e %t.conn.out
// RUN: sh -c 'sdfg-translate --import-sdfg %t.conn.sdfg >/dev/null 2>&1; test $? -eq 1'
// CONN: {{^}}[[FILE]]:nodes[1].edges[3]: error: edge enters tasklet '_Add_' through undeclared connector '__in9'{{$}}
//
// A memlet naming a container that does not exist.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.data.sdfg 'd["nodes"][1]["edges"][0]["attributes"]["data"]["attributes"]["data"] = "zz"'
// RUN: not sdfg-translate --import-sdfg %t.data.sdfg -o %t.data.out 2>&1 | FileCheck %s --check-prefix=DATA -DFILE=%t.data.sdfg
// RUN: test ! -e %t.data.out
// DATA: {{^}}[[FILE]]:nodes[1].edges[0]: error: memlet data 'zz' is not a container of this sdfg{{$}}
//
// An access node to a container that does not exist.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.access.sdfg 'd["nodes"][2]["nodes"][1]["attributes"]["data"] = "nothere"'
// RUN: not sdfg-translate --import-sdfg %t.access.sdfg -o %t.access.out 2>&1 | FileCheck %s --check-prefix=ACCESS -DFILE=%t.access.sdfg
// RUN: test ! -e %t.access.out
// ACCESS:      {{^}}[[FILE]]:nodes[2].nodes[1]: error: access node data 'nothere' is not a container of this sdfg{{$}}
// ACCESS-NEXT: {{^}}[[FILE]]:nodes[2].edges[0]: error: memlet data 'c' is neither end of its path ('__tmp0', 'nothere'){{$}}
// ACCESS-NOT:  error
//
// An interstate condition that does not parse (reported at the edge).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.cond.sdfg 'd["edges"][0]["attributes"]["data"]["attributes"]["condition"] = {"string_data": "N >", "language": "Python"}'
// RUN: not sdfg-translate --import-sdfg %t.cond.sdfg -o %t.cond.out 2>&1 | FileCheck %s --check-prefix=COND -DFILE=%t.cond.sdfg
// RUN: test ! -e %t.cond.out
// COND: {{^}}[[FILE]]:edges[0]{{(\.attributes\.data\.attributes\.condition)?}}: error: {{.*}}N >{{.*}}
//
// Verification also runs for every file that imports fine: the output of a
// corpus file passes sdfg-opt's verifier.
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg | sdfg-opt -o %t.ok.mlir
// RUN: FileCheck %s --check-prefix=OK --input-file %t.ok.mlir
// OK: sdfg.sdfg "progs_basic_vec_add"
