// A gzip-compressed file (.sdfgz, as DaCe writes with compress=True) imports
// like the plain one; so does a gzip stream on standard input.
// RUN: rm -rf %t %t.*
// RUN: gzip -c %corpus/vec_add.simplified.sdfg > %t.sdfgz
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.simplified.sdfg -o %t.plain.mlir
// RUN: sdfg-translate --import-sdfg %t.sdfgz -o %t.gz.mlir
// RUN: diff %t.plain.mlir %t.gz.mlir
// RUN: sdfg-translate --import-sdfg < %t.sdfgz | FileCheck %s
// RUN: FileCheck %s --input-file %t.gz.mlir
// The file name does not matter, only the content (gzip magic bytes).
// RUN: cp %t.sdfgz %t.gz-named.sdfg
// RUN: sdfg-translate --import-sdfg %t.gz-named.sdfg | FileCheck %s
// A corrupt gzip stream is an error with the file's name and no JSON path.
// RUN: head -c 100 %t.sdfgz > %t.trunc.sdfgz
// RUN: not sdfg-translate --import-sdfg %t.trunc.sdfgz -o %t.trunc.out 2>&1 | FileCheck %s --check-prefix=BAD -DFILE=%t.trunc.sdfgz
// RUN: test ! -e %t.trunc.out

// CHECK-LABEL: sdfg.sdfg "progs_basic_vec_add" ["a", "b", "c"] {
// CHECK: sdfg.map "_Add__map" ["__i0"] = 0:N
// CHECK: sdfg.tasklet "_Add_" {code = "__out = (__in1 + __in2)", ins = {__in1, __in2}, outs = {__out}}

// BAD: [[FILE]]: error: cannot decompress gzip data: {{.+}}
