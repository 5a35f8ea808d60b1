// `#sdfg.exprs` (dialect/SDFGExprs.cpp, src/ir/exprs_attr.rs): a container's
// shape, strides and offset, one symbolic expression per dimension, bare
// when an integer or an identifier and quoted otherwise. The reader parses
// each one once; the builder writes what the model holds (the last run: a pass
// that removes the unused symbol `K` rebuilds every op from the model).
// RUN: sdfg-opt %s | FileCheck %s
// RUN: sdfg-opt %s --mlir-print-op-generic | sdfg-opt | FileCheck %s
// RUN: sdfg-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: sdfg-opt %s --sdfg-remove-unused-symbols | FileCheck %s --check-prefix=REBUILT

// CHECK-LABEL: sdfg.sdfg "shapes"
// REBUILT-LABEL: sdfg.sdfg "shapes"
sdfg.sdfg "shapes" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int64>}
  // REBUILT-NOT: sdfg.symbol "K"
  sdfg.symbol "K" {dtype = #sdfg.dtype<int64>}
  // CHECK: sdfg.array "A" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0, -1>, shape = #sdfg.exprs<N, "M + 1">, strides = #sdfg.exprs<"M + 1", 1>}
  // GENERIC: shape = #sdfg.exprs<N, "M + 1">
  // REBUILT: sdfg.array "A" {dtype = #sdfg.dtype<float64>, offset = #sdfg.exprs<0, -1>, shape = #sdfg.exprs<N, "M + 1">, strides = #sdfg.exprs<"M + 1", 1>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N", "M + 1">, strides = #sdfg.exprs<"M + 1", "1">, offset = #sdfg.exprs<0, -1>}
  // CHECK: sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2*N">}
  // REBUILT: sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2*N">}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"2*N">}
  // CHECK: sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.scalar "s" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  // CHECK: sdfg.stream "q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<>, transient}
  sdfg.stream "q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<>, transient}
}
