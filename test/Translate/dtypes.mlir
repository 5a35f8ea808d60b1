// Element types: every scalar type is the enum #sdfg.dtype<...> (parsed,
// printed, exported under DaCe's name and imported back as the enum); a
// pointer, a struct and a callback stay strings and come back unchanged.
// RUN: rm -rf %t %t.*
// RUN: sdfg-opt %s | FileCheck %s --check-prefix=IR
// RUN: sdfg-translate --export-sdfg %s -o %t.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.sdfg
// RUN: sdfg-translate --import-sdfg %t.sdfg | FileCheck %s --check-prefix=IR

sdfg.sdfg "dtypes" [] {
  // IR: sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // JSON-DAG: "N": "int32"
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // IR: sdfg.symbol "F" {dtype = #sdfg.dtype<float64>}
  // JSON-DAG: "F": "float64"
  sdfg.symbol "F" {dtype = #sdfg.dtype<float64>}
  // IR: sdfg.symbol "cb" {dtype = "{\22type\22:\22callback\22,\22arguments\22:[\22float64\22],\22returntypes\22:[\22float64\22]}"}
  sdfg.symbol "cb" {dtype = "{\"type\":\"callback\",\"arguments\":[\"float64\"],\"returntypes\":[\"float64\"]}"}
  // IR: sdfg.scalar "a" {dtype = #sdfg.dtype<bool>
  // JSON-DAG: "dtype": "bool"
  sdfg.scalar "a" {dtype = #sdfg.dtype<bool>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "b" {dtype = #sdfg.dtype<int8>
  sdfg.scalar "b" {dtype = #sdfg.dtype<int8>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "c" {dtype = #sdfg.dtype<int16>
  sdfg.scalar "c" {dtype = #sdfg.dtype<int16>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "d" {dtype = #sdfg.dtype<int64>
  sdfg.scalar "d" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "e" {dtype = #sdfg.dtype<uint8>
  sdfg.scalar "e" {dtype = #sdfg.dtype<uint8>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "f" {dtype = #sdfg.dtype<uint16>
  sdfg.scalar "f" {dtype = #sdfg.dtype<uint16>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "g" {dtype = #sdfg.dtype<uint32>
  sdfg.scalar "g" {dtype = #sdfg.dtype<uint32>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "h" {dtype = #sdfg.dtype<uint64>
  sdfg.scalar "h" {dtype = #sdfg.dtype<uint64>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "i" {dtype = #sdfg.dtype<float16>
  // JSON-DAG: "dtype": "float16"
  sdfg.scalar "i" {dtype = #sdfg.dtype<float16>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "j" {dtype = #sdfg.dtype<float32>
  sdfg.scalar "j" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.scalar "k" {dtype = #sdfg.dtype<complex64>
  sdfg.scalar "k" {dtype = #sdfg.dtype<complex64>, shape = #sdfg.exprs<1>, transient}
  // IR: sdfg.array "l" {dtype = #sdfg.dtype<complex128>
  // JSON-DAG: "dtype": "complex128"
  sdfg.array "l" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>, transient}
  // IR: sdfg.array "s" {dtype = "{\22type\22:\22struct\22,\22name\22:\22pair\22,\22data\22:{{.*}}}"
  // JSON-DAG: "name": "pair"
  sdfg.array "s" {dtype = "{\"type\":\"struct\",\"name\":\"pair\",\"data\":[[\"x\",\"float64\"],[\"y\",\"int32\"]],\"length\":[],\"bytes\":12}", shape = #sdfg.exprs<N>, transient}
  // IR: sdfg.array "p" {dtype = "pointer<float32>"
  // JSON-DAG: "type": "pointer"
  sdfg.array "p" {dtype = "pointer<float32>", shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %g = sdfg.access "g"
    %p = sdfg.access "p"
    %k = sdfg.access "k"
    // IR: sdfg.tasklet "t" {code = "y = x", ins = {q = "pointer<float32>", x = #sdfg.dtype<uint16>}, outs = {y = #sdfg.dtype<complex64>}}
    %t = sdfg.tasklet "t" {code = "y = x", ins = {x = #sdfg.dtype<uint16>, q = "pointer<float32>"}, outs = {y = #sdfg.dtype<complex64>}}
    sdfg.memlet %g -> %t["x"] {data = "g", subset = #sdfg.range<0>}
    sdfg.memlet %p -> %t["q"] {data = "p", subset = #sdfg.range<0:N>}
    sdfg.memlet %t["y"] -> %k {data = "k", subset = #sdfg.range<0>}
  }
}
