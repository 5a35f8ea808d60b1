// Command-line interface of both tools.
//
// --help lists the documented flags (docs/tools.md) and exits 0.
// RUN: rm -rf %t %t.*
// RUN: sdfg-translate --help | FileCheck %s --check-prefix=TRANSLATE
// TRANSLATE: Usage: sdfg-translate [OPTIONS] <--import-sdfg|--import-python|--export-sdfg|--export-dot|--export-svg|--export-html|--emit-hls> [INPUT]
// TRANSLATE-DAG: {{^ *}}[INPUT]{{ +}}Input file (`-` for standard input)
// TRANSLATE-DAG: {{^ *}}--import-sdfg{{ +}}Read `.sdfg` JSON
// TRANSLATE-DAG: {{^ *}}--export-sdfg{{ +}}Read dialect text, write `.sdfg` JSON
// TRANSLATE-DAG: {{^ *}}--export-dot{{ +}}Read an SDFG
// TRANSLATE-DAG: {{^ *}}--export-svg{{ +}}Like --export-dot, laid out by Graphviz
// TRANSLATE-DAG: {{^ *}}--export-html{{ +}}Like --export-svg, in one self-contained HTML page
// TRANSLATE-DAG: {{^ *}}-o, --output <OUTPUT>{{ +}}Output file
// TRANSLATE-DAG: {{^ *}}-h, --help
// TRANSLATE-DAG: {{^ *}}-V, --version
//
// RUN: sdfg-opt --help | FileCheck %s --check-prefix=OPT
// OPT: Usage: sdfg-opt [OPTIONS] [INPUT]
// OPT-DAG: {{^ *}}-o, --output <OUTPUT>
// OPT-DAG: {{^ *}}--pass-pipeline <PASS_PIPELINE>
// OPT-DAG: {{^ *}}--split-input-file
// OPT-DAG: {{^ *}}--verify-diagnostics
// OPT-DAG: {{^ *}}--mlir-print-ir-after-all
// OPT-DAG: {{^ *}}--mlir-print-op-generic
// OPT-DAG: {{^ *}}--no-sdfg-verify
// OPT-DAG: {{^ *}}--list-passes
// OPT-DAG: {{^ *}}-h, --help
//
// --version.
// RUN: sdfg-translate --version | FileCheck %s --check-prefix=VERSION
// VERSION: {{^sdfg-translate [0-9]+\.[0-9]+\.[0-9]+$}}
//
// Usage errors exit with status 2 and print the usage on stderr: no
// direction flag, both direction flags, an unknown flag, -o without a value.
// RUN: sh -c 'sdfg-translate %corpus/vec_add.minimal.sdfg 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'sdfg-translate --import-sdfg --export-sdfg %corpus/vec_add.minimal.sdfg 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'sdfg-translate --import-sdfg --frobnicate %corpus/vec_add.minimal.sdfg 2>/dev/null; test $? -eq 2'
// RUN: sh -c 'sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg -o 2>/dev/null; test $? -eq 2'
// RUN: not sdfg-translate 2>&1 >/dev/null | FileCheck %s --check-prefix=USAGE
// USAGE: error: the following required arguments were not provided:
// USAGE-NEXT: <--import-sdfg|--import-python|--export-sdfg|--export-dot|--export-svg|--export-html|--emit-hls>
// USAGE: Usage: sdfg-translate
// A usage error writes nothing to stdout and creates no output file.
// RUN: sh -c 'sdfg-translate %corpus/vec_add.minimal.sdfg -o %t.usage.out 2>/dev/null; test $? -eq 2'
// RUN: test ! -e %t.usage.out
//
// Standard input and output: `-` and the defaults; stdin of both directions.
// RUN: sdfg-translate --import-sdfg < %corpus/vec_add.minimal.sdfg > %t.stdin.mlir
// RUN: sdfg-translate --import-sdfg - -o - < %corpus/vec_add.minimal.sdfg > %t.dash.mlir
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg -o %t.file.mlir
// RUN: diff %t.stdin.mlir %t.file.mlir
// RUN: diff %t.dash.mlir %t.file.mlir
// RUN: sdfg-translate --export-sdfg < %t.file.mlir | FileCheck %s --check-prefix=EXPORT
// EXPORT: "type": "SDFG",
// Errors on standard input are reported against <stdin>.
// RUN: printf '{' | not sdfg-translate --import-sdfg 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: {{^}}<stdin>:1:{{[0-9]+}}: error: invalid JSON: EOF while parsing an object{{.*}}
//
// -o replaces an existing file on success.
// RUN: echo old > %t.replace.mlir
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.minimal.sdfg -o %t.replace.mlir
// RUN: diff %t.replace.mlir %t.file.mlir
