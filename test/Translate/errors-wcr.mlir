// A memlet's write-conflict resolution is parsed where the file is read: a
// text that is not a two-argument lambda is an error at its JSON path; every
// one is reported, the exit status is 1 and no output is written.
// RUN: rm -rf %t %t.*
// RUN: not sdfg-translate --import-sdfg %inputs/bad-wcr.sdfg -o %t.out 2>&1 | FileCheck %s -DFILE=%inputs/bad-wcr.sdfg
// RUN: sh -c 'sdfg-translate --import-sdfg %inputs/bad-wcr.sdfg -o %t.out 2>/dev/null; test $? -eq 1'
// RUN: test ! -e %t.out
// CHECK:      {{^}}[[FILE]]:nodes[1].edges[2].attributes.data.attributes.wcr: error: write-conflict resolution 'max' is not a lambda{{$}}
// CHECK-NEXT: {{^}}[[FILE]]:nodes[1].edges[5].attributes.data.attributes.wcr: error: write-conflict resolution '(lambda a: (a + 1))' does not take two arguments{{$}}
// CHECK-NOT:  error

// Each lambda comes in with the kind it computes and goes back out as
// written; one outside the tasklet language (a keyword argument) is Custom.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.good.sdfg 'e = d["nodes"][1]["edges"]; e[5]["attributes"]["data"]["attributes"]["wcr"] = "(lambda a, b: max(b, a))"; e[2]["attributes"]["data"]["attributes"]["wcr"] = "lambda x, y: x - y"; e[0]["attributes"]["data"]["attributes"]["wcr"] = "lambda x, y: f(x, k=y)"'
// RUN: sdfg-translate --import-sdfg %t.good.sdfg -o %t.good.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.good.mlir
// IR-DAG: wcr = #sdfg.wcr<Max, "(lambda a, b: max(b, a))">
// IR-DAG: wcr = #sdfg.wcr<Sub, "lambda x, y: x - y">
// IR-DAG: wcr = #sdfg.wcr<Custom, "lambda x, y: f(x, k=y)">
// RUN: sdfg-translate --export-sdfg %t.good.mlir -o %t.good.out.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.good.out.sdfg
// JSON-DAG: "wcr": "(lambda a, b: max(b, a))"
// JSON-DAG: "wcr": "lambda x, y: x - y"
// JSON-DAG: "wcr": "lambda x, y: f(x, k=y)"
