// constants_api: SDFG constants (constants_prop) of array and scalar type,
// with their descriptor and value kept as JSON text, used by a tasklet.
// RUN: sdfg-translate --import-sdfg %corpus/constants_api.api.sdfg | FileCheck %s
// RUN: sdfg-translate --import-sdfg %corpus/constants_api.api.sdfg | sdfg-opt | FileCheck %s

// CHECK-LABEL: sdfg.sdfg "constants_api" [] {
// CHECK-NEXT:    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
// CHECK-NEXT:    sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// CHECK-NEXT:    sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
// An ndarray constant: the value keeps its dtype and elements (-1.0 and 2.0 stay floats).
// CHECK-NEXT:    sdfg.constant "WEIGHTS" {descriptor = "{\22type\22:\22Array\22,{{.*}}\22dtype\22:\22float64\22,\22shape\22:[\224\22]{{.*}}}", value = "{\22type\22:\22ndarray\22,\22data\22:[0.5,2.0,-1.0,3.0],\22dtype\22:\22float64\22}"}
// CHECK-NEXT:    sdfg.constant "OFFSET" {descriptor = "{\22type\22:\22Scalar\22,{{.*}}\22dtype\22:\22float64\22{{.*}}}", value = "1.5"}
// A Scalar descriptor without dtype (DaCe's default int32 applies).
// CHECK-NEXT:    sdfg.constant "NW" {descriptor = "{\22type\22:\22Scalar\22,{{.*}}}", value = "4"}
// CHECK-NEXT:    sdfg.state "main" {
// CHECK:             sdfg.tasklet "w" {code = "y = ((x * WEIGHTS[(i % NW)]) + OFFSET)", ins = {x}, outs = {y}}
