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
//
// Bad values that DaCe or the generated code cannot run, each at its JSON path.
// A map step that folds to 0 (the map would never finish).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.step.sdfg 'd["nodes"][1]["nodes"][0]["attributes"]["range"]["ranges"][0]["step"] = "N - N"'
// RUN: not sdfg-translate --import-sdfg %t.step.sdfg -o %t.step.out 2>&1 | FileCheck %s --check-prefix=STEP -DFILE=%t.step.sdfg
// RUN: test ! -e %t.step.out
// STEP: {{^}}[[FILE]]:nodes[1].nodes[0]: error: map '_Add__map' has step 0 in dimension 0{{$}}
//
// Literal divisions by zero: a memlet subset, an interstate assignment, a shape.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.div.sdfg 'd["nodes"][1]["edges"][3]["attributes"]["data"]["attributes"]["subset"]["ranges"][0]["start"] = "__i0 // (2 - 2)"' 'd["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"k": "N % 0"}' 'd["attributes"]["_arrays"]["b"]["attributes"]["shape"] = ["N / 0"]'
// RUN: not sdfg-translate --import-sdfg %t.div.sdfg -o %t.div.out 2>&1 | FileCheck %s --check-prefix=DIV -DFILE=%t.div.sdfg
// RUN: test ! -e %t.div.out
// DIV-DAG: {{^}}[[FILE]]:attributes._arrays.b{{.*}}: error: division by zero in shape of container 'b'
// DIV-DAG: {{^}}[[FILE]]:edges[0]{{.*}}: error: division by zero in assignment to 'k'
// DIV-DAG: {{^}}[[FILE]]:nodes[1].edges[3]: error: division by zero in memlet subset
//
// A Python tasklet with a syntax error, at the path of its code.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.code.sdfg 'd["nodes"][1]["nodes"][1]["attributes"]["code"]["string_data"] = "__out = = __in1"'
// RUN: not sdfg-translate --import-sdfg %t.code.sdfg -o %t.code.out 2>&1 | FileCheck %s --check-prefix=CODE -DFILE=%t.code.sdfg
// RUN: test ! -e %t.code.out
// CODE: {{^}}[[FILE]]:nodes[1].nodes[1].attributes.code: error: Python code of tasklet '_Add_' does not parse: 1:9: {{.+}}
// CODE-NOT: error
//
// Two edges leaving one tasklet out-connector.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.out2.sdfg 'd["nodes"][1]["edges"].append(dict(d["nodes"][1]["edges"][5]))'
// RUN: not sdfg-translate --import-sdfg %t.out2.sdfg -o %t.out2.out 2>&1 | FileCheck %s --check-prefix=OUT2 -DFILE=%t.out2.sdfg
// RUN: test ! -e %t.out2.out
// OUT2: {{^}}[[FILE]]:nodes[1].nodes[1]: error: out-connector '__out' of tasklet '_Add_' has 2 outgoing edges{{$}}
// OUT2-NOT: error
//
// Two states of one region with the same label.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.label.sdfg 'd["nodes"][2]["label"] = "BinOp_20"'
// RUN: not sdfg-translate --import-sdfg %t.label.sdfg -o %t.label.out 2>&1 | FileCheck %s --check-prefix=LABEL -DFILE=%t.label.sdfg
// RUN: test ! -e %t.label.out
// LABEL: {{^}}[[FILE]]:nodes[2]: error: several blocks are labelled 'BinOp_20' in 'progs_basic_vec_add'{{$}}
// LABEL-NOT: error
//
// A float stride.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.stride.sdfg 'd["attributes"]["_arrays"]["a"]["attributes"]["strides"] = ["1e30"]'
// RUN: not sdfg-translate --import-sdfg %t.stride.sdfg -o %t.stride.out 2>&1 | FileCheck %s --check-prefix=STRIDE -DFILE=%t.stride.sdfg
// RUN: test ! -e %t.stride.out
// STRIDE: {{^}}[[FILE]]:attributes._arrays.a{{.*}}: error: container 'a' has non-integer strides {{.+}}
//
// A float bound in a memlet subset (indices count whole elements).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.fsub.sdfg 'd["nodes"][1]["edges"][3]["attributes"]["data"]["attributes"]["subset"]["ranges"][0]["start"] = "1e+30"'
// RUN: not sdfg-translate --import-sdfg %t.fsub.sdfg -o %t.fsub.out 2>&1 | FileCheck %s --check-prefix=FSUB -DFILE=%t.fsub.sdfg
// RUN: test ! -e %t.fsub.out
// FSUB: {{^}}[[FILE]]:nodes[1].edges[3]{{.*}}: error: non-integer bound in memlet subset {{.+}}
//
// Verification also runs for every file that imports fine: the output of a
// corpus file passes sdfg-opt's verifier.
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg | sdfg-opt -o %t.ok.mlir
// RUN: FileCheck %s --check-prefix=OK --input-file %t.ok.mlir
// OK: sdfg.sdfg "progs_basic_vec_add"
//
// DaCe's rules added for parity (test/verifier_parity.rs checks that DaCe
// rejects each of these too).
// An out-connector no edge leaves.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.dangle.sdfg 'd["nodes"][1]["nodes"][1]["attributes"]["out_connectors"]["__out2"] = None'
// RUN: not sdfg-translate --import-sdfg %t.dangle.sdfg -o %t.dangle.out 2>&1 | FileCheck %s --check-prefix=DANGLE -DFILE=%t.dangle.sdfg
// RUN: test ! -e %t.dangle.out
// DANGLE: {{^}}[[FILE]]:nodes[1].nodes[1]: error: tasklet '_Add_' has dangling out-connector '__out2'{{$}}
// DANGLE-NOT: error
//
// Two assignments of one edge where one reads what the other writes.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.race.sdfg 'd["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"i": "1", "j": "i + 1"}'
// RUN: not sdfg-translate --import-sdfg %t.race.sdfg -o %t.race.out 2>&1 | FileCheck %s --check-prefix=RACE -DFILE=%t.race.sdfg
// RUN: test ! -e %t.race.out
// RACE: {{^}}[[FILE]]:edges[0]: error: assignment to 'j' reads 'i', which the same interstate edge assigns{{$}}
// RACE-NOT: error
//
// One name for a container and a symbol; external lifetime in registers.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.names.sdfg 'd["attributes"]["symbols"]["a"] = "int32"' 'a = d["attributes"]["_arrays"]["__tmp0"]["attributes"]; a["lifetime"] = "External"; a["storage"] = "Register"'
// RUN: not sdfg-translate --import-sdfg %t.names.sdfg -o %t.names.out 2>&1 | FileCheck %s --check-prefix=NAMES -DFILE=%t.names.sdfg
// RUN: test ! -e %t.names.out
// NAMES-DAG: {{^}}[[FILE]]:attributes._arrays.a: error: 'a' is both a container and a symbol{{$}}
// NAMES-DAG: {{^}}[[FILE]]:attributes._arrays.__tmp0: error: container '__tmp0' has external lifetime in register storage{{$}}
//
// A state label that is not a name (DaCe allows dots).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.statename.sdfg 'd["nodes"][0]["label"] = "init state"' 'd["nodes"][2]["label"] = "assign.x20"'
// RUN: not sdfg-translate --import-sdfg %t.statename.sdfg -o %t.statename.out 2>&1 | FileCheck %s --check-prefix=STATENAME -DFILE=%t.statename.sdfg
// RUN: test ! -e %t.statename.out
// STATENAME: {{^}}[[FILE]]:nodes[0]: error: invalid state name 'init state'{{$}}
// STATENAME-NOT: error
//
// A non-transient scalar returned.
// RUN: python3 %inputs/mutate-sdfg.py %S/../extra-corpus/scalar_ret_bool.frontend.sdfg %t.ret.sdfg 'd["attributes"]["_arrays"]["__return"]["type"] = "Scalar"'
// RUN: not sdfg-translate --import-sdfg %t.ret.sdfg -o %t.ret.out 2>&1 | FileCheck %s --check-prefix=RET -DFILE=%t.ret.sdfg
// RUN: test ! -e %t.ret.out
// RET: {{^}}[[FILE]]:attributes._arrays.__return: error: non-transient scalar '__return' cannot be a return value{{$}}
//
// A reference that no state sets.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/reference_api.api.sdfg %t.ref.sdfg 'import copy; [s.__setitem__("nodes", copy.deepcopy(d["nodes"][3]["nodes"])) or s.__setitem__("edges", copy.deepcopy(d["nodes"][3]["edges"])) for s in d["nodes"][1:3]]'
// RUN: not sdfg-translate --import-sdfg %t.ref.sdfg -o %t.ref.out 2>&1 | FileCheck %s --check-prefix=REF -DFILE=%t.ref.sdfg
// RUN: test ! -e %t.ref.out
// REF: {{^}}[[FILE]]:nodes[1].nodes[0]: error: reference 'ref' is used but never set through its 'set' connector{{$}}
// REF-NOT: error
