// An unknown dtype name is rejected, as DaCe rejects it (its
// json_to_typeclass raises for names it has no serializer for).
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.dtype.sdfg 'd["attributes"]["_arrays"]["a"]["attributes"]["dtype"] = "float17"'
// RUN: not sdfg-translate --import-sdfg %t.dtype.sdfg -o %t.dtype.out 2>&1 | FileCheck %s -DFILE=%t.dtype.sdfg
// RUN: test ! -e %t.dtype.out
// CHECK: {{^}}[[FILE]]:attributes._arrays.a.attributes.dtype: error: {{.*}}float17{{.*}}

// An unknown symbol type is rejected too.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.sym.sdfg 'd["attributes"]["symbols"]["N"] = "bogus"'
// RUN: not sdfg-translate --import-sdfg %t.sym.sdfg 2>&1 | FileCheck %s --check-prefix=SYM -DFILE=%t.sym.sdfg
// SYM: {{^}}[[FILE]]:attributes.symbols.N: error: unknown symbol dtype `bogus`

// Output to a closed pipe is not an error.
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.frontend.sdfg | head -1 | FileCheck %s --check-prefix=PIPE
// PIPE: module {
