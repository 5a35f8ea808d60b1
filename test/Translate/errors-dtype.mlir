// An unknown dtype name should be rejected like DaCe does (its
// json_to_typeclass raises for names it has no serializer for). Currently it
// is kept verbatim as an opaque JSON dtype and imports without error.
// XFAIL: *
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.dtype.sdfg 'd["attributes"]["_arrays"]["a"]["attributes"]["dtype"] = "float17"'
// RUN: not sdfg-translate --import-sdfg %t.dtype.sdfg -o %t.dtype.out 2>&1 | FileCheck %s -DFILE=%t.dtype.sdfg
// RUN: test ! -e %t.dtype.out
// CHECK: {{^}}[[FILE]]:attributes._arrays.a.attributes.dtype: error: {{.*}}float17{{.*}}
