// Library-node properties are typed where the file is read: a value a known
// class cannot take is an error at its JSON path; every node's is reported,
// the exit status is 1 and no output is written.
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/reduce_sum.simplified.sdfg %t.bad.sdfg 'n = d["nodes"][0]["nodes"]; n[1]["attributes"]["wcr"] = "max"; n[5]["attributes"]["axes"] = [1, "x"]; n[8]["attributes"]["identity"] = "-inf"'
// RUN: not sdfg-translate --import-sdfg %t.bad.sdfg -o %t.out 2>&1 | FileCheck %s -DFILE=%t.bad.sdfg
// RUN: sh -c 'sdfg-translate --import-sdfg %t.bad.sdfg -o %t.out 2>/dev/null; test $? -eq 1'
// RUN: test ! -e %t.out
// CHECK:      {{^}}[[FILE]]:nodes[0].nodes[1].attributes.wcr: error: Reduce property 'wcr' holds a write-conflict resolution that is not a lambda: write-conflict resolution 'max' is not a lambda{{$}}
// CHECK-NEXT: {{^}}[[FILE]]:nodes[0].nodes[5].attributes.axes: error: Reduce property 'axes' is [1,"x"], not a list of axes{{$}}
// CHECK-NEXT: {{^}}[[FILE]]:nodes[0].nodes[8].attributes.identity: error: Reduce property 'identity' is "-inf", not a number{{$}}
// CHECK-NOT:  error

