// Malformed input files: each error is reported as FILE:LINE:COL (JSON syntax)
// or FILE:JSON.PATH / FILE: (whole file), the exit status is 1, and with -o no
// output file is created.
//
// Truncated JSON: the position of the end of the input (line 38, column 6).
// RUN: rm -rf %t %t.*
// RUN: head -c 500 %corpus/vec_add.minimal.sdfg > %t.trunc.sdfg
// RUN: not sdfg-translate --import-sdfg %t.trunc.sdfg -o %t.trunc.out 2>&1 | FileCheck %s --check-prefix=TRUNC -DFILE=%t.trunc.sdfg
// RUN: test ! -e %t.trunc.out
// TRUNC: {{^}}[[FILE]]:38:6: error: invalid JSON: EOF while parsing a string{{.*$}}
// TRUNC-NOT: error
//
// Exit status 1 (not 2, which is for usage errors).
// RUN: sh -c 'sdfg-translate --import-sdfg %t.trunc.sdfg 2>/dev/null >/dev/null; test $? -eq 1'
//
// Invalid JSON syntax.
// RUN: not sdfg-translate --import-sdfg %inputs/invalid-json.sdfg -o %t.invalid.out 2>&1 | FileCheck %s --check-prefix=INVALID -DFILE=%inputs/invalid-json.sdfg
// RUN: test ! -e %t.invalid.out
// INVALID: {{^}}[[FILE]]:1:30: error: invalid JSON: expected `,` or `]`{{.*$}}
// INVALID-NOT: error
//
// An empty file.
// RUN: printf '' > %t.empty.sdfg
// RUN: not sdfg-translate --import-sdfg %t.empty.sdfg -o %t.empty.out 2>&1 | FileCheck %s --check-prefix=EMPTY -DFILE=%t.empty.sdfg
// RUN: test ! -e %t.empty.out
// EMPTY: {{^}}[[FILE]]:1:{{[0-9]+}}: error: invalid JSON: EOF while parsing a value{{.*$}}
// EMPTY-NOT: error
//
// Not UTF-8 (a Latin-1 byte in a string), placed at its line and column.
// RUN: printf '{"type": "SDFG", "attributes": {"name": "caf\351"}}' > %t.latin1.sdfg
// RUN: not sdfg-translate --import-sdfg %t.latin1.sdfg -o %t.latin1.out 2>&1 | FileCheck %s --check-prefix=UTF8 -DFILE=%t.latin1.sdfg
// RUN: test ! -e %t.latin1.out
// UTF8: {{^}}[[FILE]]:1:45: error: not UTF-8 text: invalid byte 0xe9{{$}}
// UTF8-NOT: error
//
// The root object lacks its `type`: the error is placed where the root starts.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.notype.sdfg 'del d["type"]'
// RUN: not sdfg-translate --import-sdfg %t.notype.sdfg -o %t.notype.out 2>&1 | FileCheck %s --check-prefix=NOTYPE -DFILE=%t.notype.sdfg
// RUN: test ! -e %t.notype.out
// NOTYPE: {{^}}[[FILE]]:1:1: error: missing required key `type`{{$}}
// NOTYPE-NOT: error
//
// Valid JSON of the wrong shape: `nodes` is a string.
// RUN: not sdfg-translate --import-sdfg %inputs/wrong-type-nodes.sdfg -o %t.types.out 2>&1 | FileCheck %s --check-prefix=TYPES -DFILE=%inputs/wrong-type-nodes.sdfg
// RUN: test ! -e %t.types.out
// TYPES: {{^}}[[FILE]]:nodes: error: expected an array, found string{{$}}
// TYPES-NOT: error
//
// Not an SDFG at all (a JSON array), and an SDFG object of another type.
// RUN: printf '[1, 2]' > %t.array.sdfg
// RUN: not sdfg-translate --import-sdfg %t.array.sdfg 2>&1 | FileCheck %s --check-prefix=ARRAY -DFILE=%t.array.sdfg
// ARRAY: {{^}}[[FILE]]:1:1: error: expected an object, found array{{$}}
//
// Several errors in one file are all reported, in document order.
// RUN: printf '{"type": "SDFG", "attributes": {"name": 5, "_arrays": []}, "nodes": [], "edges": {}}' > %t.multi.sdfg
// RUN: not sdfg-translate --import-sdfg %t.multi.sdfg -o %t.multi.out 2>&1 | FileCheck %s --check-prefix=MULTI -DFILE=%t.multi.sdfg
// RUN: test ! -e %t.multi.out
// MULTI:      {{^}}[[FILE]]:attributes.name: error: expected a string, found number{{$}}
// MULTI-NEXT: {{^}}[[FILE]]:attributes._arrays: error: expected an object, found array{{$}}
// MULTI-NEXT: {{^}}[[FILE]]:edges: error: expected an array, found object{{$}}
// MULTI-NOT:  error
//
// A missing input file (the message names the file and the OS error).
// RUN: not sdfg-translate --import-sdfg %t.does-not-exist.sdfg -o %t.missing.out 2>&1 | FileCheck %s --check-prefix=MISSING -DFILE=%t.does-not-exist.sdfg
// RUN: test ! -e %t.missing.out
// MISSING: {{^}}[[FILE]]: error: cannot read file: no such file or directory
//
// On failure an existing output file is left alone.
// RUN: echo keep > %t.existing.out
// RUN: not sdfg-translate --import-sdfg %inputs/invalid-json.sdfg -o %t.existing.out
// RUN: FileCheck %s --check-prefix=KEEP --input-file %t.existing.out
// KEEP: {{^keep$}}
