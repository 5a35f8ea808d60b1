// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Shapes, strides and offsets (`#sdfg.exprs`, dialect/SDFGExprs.cpp and
// src/ir/exprs_attr.rs): the dialect's parser rejects a malformed list at
// its line and column, the verifier another kind of attribute in its place,
// and the reader an entry that is not an expression, naming the attribute
// and the dimension.

sdfg.sdfg "f" [] {
  // expected-error@+1 {{expected an expression: an integer, an identifier or a quoted expression}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, >}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op attribute 'offset' failed to satisfy constraint: symbolic expressions, one per dimension}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, offset = ["0"]}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  // expected-error@+1 {{attribute 'shape': dimension 1: cannot parse 'N +': unexpected end of input}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, "N +">}
}
