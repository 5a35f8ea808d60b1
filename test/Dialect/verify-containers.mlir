// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, containers group (src/verify/containers.rs and the SDFG name): names, declarations, arguments, storage, lifetime and layout of data descriptors.

// expected-error@+1 {{invalid sdfg name '1f'}}
sdfg.sdfg "1f" [] {
}

// -----

// expected-error@+1 {{invalid symbol name 'N-1'}}
sdfg.sdfg "f" [] {
  sdfg.symbol "N-1" {dtype = #sdfg.dtype<int32>}
}

// -----

// expected-error@+1 {{symbol 'N' is declared twice}}
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  // expected-error@+1 {{container 'A' is declared twice}}
  sdfg.array "A" {dtype = #sdfg.dtype<float32>, shape = #sdfg.exprs<4>, transient}
}

// -----

// expected-error@+1 {{invalid constant name 'None'}}
sdfg.sdfg "f" [] {
  sdfg.constant "None" {descriptor = "{\"type\":\"Scalar\"}", value = "4"}
}

// -----

// expected-error@+1 {{argument 'A' names transient container 'A'}}
sdfg.sdfg "f" ["A"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
}

// -----

// expected-error@+1 {{argument 'B' is neither a container nor a symbol of this sdfg}}
sdfg.sdfg "f" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{invalid container name '2D'}}
  sdfg.array "2D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // Storage, schedule and lifetime are DaCe's enums, checked by the parser.
  // expected-error@+2 {{expected ::sdfg::Storage to be one of: Default, Register, CPU_Pinned, CPU_Heap}}
  // expected-error@+1 {{failed to parse SDFG_StorageAttr parameter 'value'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient, storage = #sdfg.storage<CPU_Stack>}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op attribute 'lifetime' failed to satisfy constraint: when a container is allocated and freed}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient, lifetime = "Persistent"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'x' has persistent lifetime in register storage}}
  sdfg.scalar "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient, storage = #sdfg.storage<Register>, lifetime = #sdfg.lifetime<Persistent>}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{scalar 'x' must have shape [1]}}
  sdfg.scalar "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'A' has 1 strides for 2 dimensions}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, strides = #sdfg.exprs<1>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'A' has 3 offsets for 2 dimensions}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, offset = #sdfg.exprs<0, 0, 0>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'A' has negative size -2 in dimension 1}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, -2>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'A' has negative total size -1}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, total_size = #sdfg.expr<-1>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{stream 'S' has negative buffer size -8}}
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, buffer_size = #sdfg.expr<-8>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'A' is not a stream but has a buffer size}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, buffer_size = #sdfg.expr<8>, transient}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{undefined symbol 'M' in the layout of container 'A'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>, transient}
}

// -----

// Every error of one input is reported, not only the first.
// expected-error@+1 {{argument 'B' is neither a container nor a symbol of this sdfg}}
sdfg.sdfg "f" ["B"] {
  // expected-error@+1 {{scalar 'x' must have shape [1]}}
  sdfg.scalar "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>, transient}
  // expected-error@+1 {{undefined symbol 'K' in the layout of container 'A'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K>, transient}
}

// -----

// Layouts are whole numbers of elements: a float stride (or size) is no
// layout, and a literal zero divisor has no value.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // expected-error@+3 {{container 'A' has non-integer strides}}
  // expected-error@+2 {{container 'A' has non-integer total size}}
  // expected-error@+1 {{division by zero in shape of container 'A'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N // (2 - 2)">, strides = #sdfg.exprs<"1e30">, total_size = #sdfg.expr<"2.5">, transient}
  // expected-error@+2 {{container 'B' has non-integer shape}}
  // expected-error@+1 {{division by zero in offset of container 'B'}}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"0.5*N">, offset = #sdfg.exprs<"N % 0">, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{container 'x' has external lifetime in register storage}}
  sdfg.scalar "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient, storage = #sdfg.storage<Register>, lifetime = #sdfg.lifetime<External>}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{'N' is both a container and a symbol}}
  sdfg.array "N" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{non-transient scalar '__return' cannot be a return value}}
  sdfg.scalar "__return" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
}

// -----

// A transient scalar or a non-transient array may be returned.
sdfg.sdfg "f" [] {
  sdfg.scalar "__return_0" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  sdfg.array "__return_1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
}
