// Bad dialect text given to --export-sdfg: syntax errors and verifier errors
// are reported at FILE:LINE:COL, the exit status is 1 and no output is written.
//
// RUN: rm -rf %t %t.*
// RUN: split-file %s %t
//
// RUN: not sdfg-translate --export-sdfg %t/syntax.mlir -o %t/syntax.sdfg 2>&1 | FileCheck %s --check-prefix=SYNTAX -DFILE=%t/syntax.mlir
// RUN: test ! -e %t/syntax.sdfg
// RUN: sh -c 'sdfg-translate --export-sdfg %t/syntax.mlir >/dev/null 2>&1; test $? -eq 1'
// SYNTAX: {{^}}[[FILE]]:3:21: error: expected attribute value{{$}}
//
// RUN: not sdfg-translate --export-sdfg %t/undeclared.mlir -o %t/undeclared.sdfg 2>&1 | FileCheck %s --check-prefix=UNDECLARED -DFILE=%t/undeclared.mlir
// RUN: test ! -e %t/undeclared.sdfg
// UNDECLARED: {{^}}[[FILE]]:4:19: error: use of undeclared SSA value name{{$}}
//
// Unclosed region at the end of the file.
// RUN: not sdfg-translate --export-sdfg %t/unclosed.mlir -o %t/unclosed.sdfg 2>&1 | FileCheck %s --check-prefix=UNCLOSED -DFILE=%t/unclosed.mlir
// RUN: test ! -e %t/unclosed.sdfg
// UNCLOSED: {{^}}[[FILE]]:{{[0-9]+}}:{{[0-9]+}}: error: {{.+}}
//
// Valid syntax, but the SDFG does not verify: undeclared containers, an
// unused out-connector.
// RUN: not sdfg-translate --export-sdfg %t/verify.mlir -o %t/verify.sdfg 2>&1 | FileCheck %s --check-prefix=VERIFY -DFILE=%t/verify.mlir
// RUN: test ! -e %t/verify.sdfg
// VERIFY:      {{^}}[[FILE]]:4:10: error: access node data 'A' is not a container of this sdfg{{$}}
// VERIFY-NEXT: {{^}}[[FILE]]:3:10: error: tasklet 't' has dangling out-connector 'y'{{$}}
// VERIFY-NEXT: {{^}}[[FILE]]:5:5: error: memlet data 'A' is not a container of this sdfg{{$}}
// VERIFY-NOT:  error
//
// JSON given to --export-sdfg is not dialect text.
// RUN: not sdfg-translate --export-sdfg %corpus/vec_add.minimal.sdfg -o %t/json.sdfg 2>&1 | FileCheck %s --check-prefix=JSON -DFILE=%corpus/vec_add.minimal.sdfg
// RUN: test ! -e %t/json.sdfg
// JSON: {{^}}[[FILE]]: error: --export-sdfg reads sdfg dialect text, but this is a DaCe .sdfg file (JSON): use --import-sdfg{{$}}
//
// And dialect text given to --import-sdfg is not JSON.
// RUN: not sdfg-translate --import-sdfg %s -o %t/text.mlir 2>&1 | FileCheck %s --check-prefix=TEXT -DFILE=%s
// RUN: test ! -e %t/text.mlir
// TEXT: {{^}}[[FILE]]: error: --import-sdfg reads a DaCe .sdfg file (JSON), but this is sdfg dialect text: use --export-sdfg{{$}}
//
// An empty module has no sdfg.sdfg op to export.
// RUN: not sdfg-translate --export-sdfg %t/empty.mlir -o %t/empty.sdfg 2>&1 | FileCheck %s --check-prefix=EMPTY -DFILE=%t/empty.mlir
// RUN: test ! -e %t/empty.sdfg
// EMPTY: {{^}}[[FILE]]:1:1: error: the module holds no sdfg.sdfg{{$}}
//
// A .sdfg file holds one SDFG: two top-level sdfg.sdfg ops are an error.
// RUN: not sdfg-translate --export-sdfg %t/two.mlir -o %t/two.sdfg 2>&1 | FileCheck %s --check-prefix=TWO -DFILE=%t/two.mlir
// RUN: test ! -e %t/two.sdfg
// TWO: {{^}}[[FILE]]:4:3: error: the module holds more than one sdfg.sdfg{{$}}

//--- syntax.mlir
sdfg.sdfg "x" [] {
  %s = sdfg.state "a" {
    %t = sdfg.access
  }
}
//--- undeclared.mlir
sdfg.sdfg "x" [] {
  %s = sdfg.state "a" {
  }
  sdfg.edge %s -> %q
}
//--- unclosed.mlir
sdfg.sdfg "x" [] {
  %s = sdfg.state "a" {
  }
//--- verify.mlir
sdfg.sdfg "x" [] {
  %s = sdfg.state "a" {
    %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
    %a = sdfg.access "A"
    sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<0>}
  }
}
//--- empty.mlir
//--- two.mlir
module {
  sdfg.sdfg "a" [] {
  }
  sdfg.sdfg "b" [] {
  }
}
