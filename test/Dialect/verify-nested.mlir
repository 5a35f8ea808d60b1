// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, nested-SDFG group (src/verify/nested.rs): connectors bind non-transient inner containers, inner writes are outputs, inner free symbols are mapped, and the inner SDFG is verified in turn.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{connector 'Y' of nested sdfg 'inner' is not a container of the nested sdfg}}
    %n = sdfg.nested "inner" attributes {ins = {Y}} {
      sdfg.sdfg "inner" [] {
      }
    }
    sdfg.memlet %a -> %n["Y"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{connector 'X' of nested sdfg 'inner' names a transient container}}
    %n = sdfg.nested "inner" attributes {ins = {X}} {
      sdfg.sdfg "inner" [] {
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
      }
    }
    sdfg.memlet %a -> %n["X"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{non-transient container 'X' of nested sdfg 'inner' is not connected}}
    %n = sdfg.nested "inner" {
      sdfg.sdfg "inner" ["X"] {
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %n = sdfg.nested "inner" attributes {ins = {X}} {
      sdfg.sdfg "inner" ["X"] {
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
        %w = sdfg.state "w" {
          // expected-error@+1 {{container 'X' is written inside nested sdfg 'inner' but is only an input}}
          %x = sdfg.access "X"
          %t = sdfg.tasklet "t" {code = "o = 1", outs = {o}}
          sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %a -> %n["X"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{missing symbols on nested sdfg 'inner': K, M}}
    %n = sdfg.nested "inner" attributes {ins = {X}} {
      sdfg.sdfg "inner" ["X"] {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
        sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
      }
    }
    sdfg.memlet %a -> %n["X"] {data = "A", subset = #sdfg.range<0:N>}
  }
}

// -----

// The inner SDFG is verified with its own declarations: the outer 'A' is
// unknown inside.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %n = sdfg.nested "inner" {
      sdfg.sdfg "inner" [] {
        %w = sdfg.state "w" {
          // expected-error@+1 {{access node data 'A' is not a container of this sdfg}}
          %x = sdfg.access "A"
          %t = sdfg.tasklet "t" {code = "o = 1", outs = {o}}
          sdfg.memlet %t["o"] -> %x
        }
      }
    }
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+3 {{connector 'Z' of nested sdfg 'inner' is not a container of the nested sdfg}}
    // expected-error@+2 {{non-transient container 'X' of nested sdfg 'inner' is not connected}}
    // expected-error@+1 {{missing symbols on nested sdfg 'inner': M}}
    %n = sdfg.nested "inner" attributes {ins = {Z}} {
      // expected-error@+1 {{invalid sdfg name 'in-ner'}}
      sdfg.sdfg "in-ner" ["X"] {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
      }
    }
    sdfg.memlet %a -> %n["Z"] {data = "A", subset = #sdfg.range<0:4>}
  }
}
