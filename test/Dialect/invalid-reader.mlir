// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Rules of the IR reader (src/ir/read.rs, src/ir/attrs.rs) that turns the dialect into the SDFG model: dtypes, expressions, JSON attributes, connector types, ops that are neither blocks nor nodes, and edges that cross regions.

sdfg.sdfg "f" [] {
  // expected-error@+1 {{unknown dtype 'float65'}}
  sdfg.array "A" {dtype = "float65", shape = #sdfg.exprs<4>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'shape': dimension 0: cannot parse 'N +'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N +">, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'extra' must hold a JSON object}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient, extra = "[1]"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'value' is not JSON}}
  sdfg.constant "K" {descriptor = "{}", value = "{oops"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{unknown region kind 'Loopy'}}
  %r = sdfg.region "r" attributes {kind = "Loopy"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'arith.constant' is not a control-flow block}}
  %c = arith.constant 0 : i32
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "if" {
    // expected-error@+1 {{a conditional holds only sdfg.branch ops}}
    %k = arith.constant 0 : i32
  }
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // The string-array form of earlier versions names the new spelling.
  // expected-error@+1 {{attribute 'assignments' failed to satisfy constraint: interstate assignments, in order: #sdfg.assign<t = "t + 1", k = 0>}}
  sdfg.edge %s0 -> %s1 {assignments = ["i = i + 1"]}
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %l = sdfg.loop "l" {
    %b = sdfg.state "b" {
    }
    // expected-error@+1 {{interstate edge must connect blocks of the same region}}
    sdfg.edge %s0 -> %b
  }
  sdfg.edge %s0 -> %l
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'arith.constant' is not a dataflow node}}
    %c = arith.constant 0 : i32
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.sdfg' is not a dataflow node}}
    sdfg.sdfg "g" [] {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{connector 'x': unknown dtype 'real'}}
    %t = sdfg.tasklet "t" {code = "pass", ins = {x = "real"}}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{connector 'x': must be an #sdfg.dtype or a string}}
    %t = sdfg.tasklet "t" {code = "pass", outs = {x = 1 : i32}}
  }
}

// -----

// A scalar type has one spelling, the enum; strings hold the other typeclasses.
sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'dtype': scalar type 'float64' is written #sdfg.dtype<float64>}}
  sdfg.array "A" {dtype = "float64", shape = #sdfg.exprs<4>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'dtype': scalar type 'int32' is written #sdfg.dtype<int32>}}
  sdfg.symbol "N" {dtype = "int32"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{attribute 'dtype': unknown dtype 'int'}}
  sdfg.symbol "N" {dtype = "int"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{symbol 'p' has type 'pointer<float64>'; a symbol is a scalar or a callback}}
  sdfg.symbol "p" {dtype = "pointer<float64>"}
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{connector 'x': scalar type 'int32' is written #sdfg.dtype<int32>}}
    %t = sdfg.tasklet "t" {code = "pass", ins = {x = "int32"}}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{connector 'x': must be an #sdfg.dtype or a string}}
    %t = sdfg.tasklet "t" {code = "pass", ins = {x = #sdfg.schedule<Default>}}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'properties' must hold a JSON object}}
    %l = sdfg.library "lib" {classpath = "x.Y", properties = "3"}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'range': end of dimension 0: cannot parse 'N +': unexpected end of input}}
    %me, %mx = sdfg.map "m" ["i"] = 0:"N +" {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.consume' op attribute 'chunksize' failed to satisfy constraint: 64-bit signless integer attribute}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<1>, chunksize = "many"} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.nested' op attribute 'symbol_mapping' failed to satisfy constraint: a nested SDFG's symbol mapping}}
    %n = sdfg.nested "inner" attributes {symbol_mapping = {M}} {
      sdfg.sdfg "inner" [] {
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'symbol_mapping': symbol 'L': cannot parse 'N -': unexpected end of input}}
    %n = sdfg.nested "inner" attributes {symbol_mapping = #sdfg.symbols<M = N, L = "N -">} {
      sdfg.sdfg "inner" [] {
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{symbol 'M' is mapped twice}}
    %n = sdfg.nested "inner" attributes {symbol_mapping = #sdfg.symbols<M = N, M = 1>} {
      sdfg.sdfg "inner" [] {
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'subset': end of dimension 0: cannot parse 'N +': unexpected end of input}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:"N +">}
  }
}

// -----

// Handles of an enclosing state are visible in a nested SDFG, but a memlet
// cannot cross into it.
sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    %n = sdfg.nested "n" {
      sdfg.sdfg "inner" [] {
        %w = sdfg.state "w" {
          %u = sdfg.tasklet "u" {code = "pass", ins = {y}}
          // expected-error@+1 {{memlet must connect nodes of the same state}}
          sdfg.memlet %t["x"] -> %u["y"]
        }
      }
    }
  }
}
