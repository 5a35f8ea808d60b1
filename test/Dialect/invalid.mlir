// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Structural rules of the ODS definition and the C++ region verifiers: op placement, required attributes, attribute types, scope and nested-SDFG bodies, handle types.

//===----------------------------------------------------------------------===//
// Ops outside their allowed parent
//===----------------------------------------------------------------------===//

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  // expected-error@+1 {{'sdfg.access' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
  %a = sdfg.access "A"
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.tasklet' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
  %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
}

// -----

sdfg.sdfg "f" [] {
  %l = sdfg.loop "l" {
    // expected-error@+1 {{'sdfg.library' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
    %r = sdfg.library "lib" {classpath = "dace.libraries.standard.nodes.reduce.Reduce"}
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.map' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
  %me, %mx = sdfg.map "m" ["i"] = 0:4 {
  ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
  }
}

// -----

sdfg.sdfg "f" [] {
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    // expected-error@+1 {{'sdfg.consume' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<1>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.nested' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
  %n = sdfg.nested "n" {
    sdfg.sdfg "inner" [] {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.state' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    %inner = sdfg.state "inner" {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      // expected-error@+1 {{'sdfg.loop' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
      %l = sdfg.loop "l" {
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "c" {
    // expected-error@+1 {{'sdfg.region' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.conditional' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    %c = sdfg.conditional "c" {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.branch' op expects parent op 'sdfg.conditional'}}
  sdfg.branch "b" attributes {condition = "1 > 0"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  %l = sdfg.loop "l" {
    // expected-error@+1 {{'sdfg.branch' op expects parent op 'sdfg.conditional'}}
    sdfg.branch "b" {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.break' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    %b = sdfg.break "b"
  }
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "c" {
    // expected-error@+1 {{'sdfg.return' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    %r = sdfg.return "r"
  }
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    // expected-error@+1 {{'sdfg.edge' op expects parent op to be one of 'sdfg.sdfg, sdfg.region, sdfg.loop, sdfg.branch'}}
    sdfg.edge %s0 -> %s0
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.symbol' op expects parent op 'sdfg.sdfg'}}
    sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %l = sdfg.loop "l" {
    // expected-error@+1 {{'sdfg.array' op expects parent op 'sdfg.sdfg'}}
    sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.scalar' op expects parent op 'sdfg.sdfg'}}
    sdfg.scalar "x" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    // expected-error@+1 {{'sdfg.stream' op expects parent op 'sdfg.sdfg'}}
    sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.view' op expects parent op 'sdfg.sdfg'}}
    sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.reference' op expects parent op 'sdfg.sdfg'}}
    sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.constant' op expects parent op 'sdfg.sdfg'}}
    sdfg.constant "K" {descriptor = "{}", value = "1"}
  }
}

// -----

// A memlet belongs in a state or a scope, not in an SDFG body (here the body
// of a nested SDFG, which sees the handles of the enclosing state).
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    %n = sdfg.nested "n" {
      sdfg.sdfg "inner" [] {
        // expected-error@+1 {{'sdfg.memlet' op expects parent op to be one of 'sdfg.state, sdfg.map, sdfg.consume'}}
        sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// Missing required attributes
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.symbol' op requires attribute 'dtype'}}
  sdfg.symbol "N"
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op requires attribute 'dtype'}}
  sdfg.array "A" {shape = #sdfg.exprs<1>}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op requires attribute 'shape'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.constant' op requires attribute 'value'}}
  sdfg.constant "K" {descriptor = "{}"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.region' op requires attribute 'kind'}}
  %r = sdfg.region "r" {
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.tasklet' op requires attribute 'code'}}
    %t = sdfg.tasklet "t" {outs = {x}}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.library' op requires attribute 'classpath'}}
    %l = sdfg.library "lib"
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.consume' op requires attribute 'num_pes'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p"} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.consume' op requires attribute 'pe_index'}}
    %ce, %cx = sdfg.consume "c" attributes {num_pes = #sdfg.expr<1>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
  }
}

// -----

// expected-error@+1 {{'sdfg.sdfg' op requires attribute 'arg_names'}}
"sdfg.sdfg"() ({
}) {sym_name = "f"} : () -> ()

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.state' op requires attribute 'label'}}
  %s = "sdfg.state"() ({
  }) : () -> !sdfg.block
}

//===----------------------------------------------------------------------===//
// Attributes of the wrong type
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{'sdfg.array' op attribute 'shape' failed to satisfy constraint: symbolic expressions, one per dimension}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = "N"}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op attribute 'strides' failed to satisfy constraint: symbolic expressions, one per dimension}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, strides = [1]}
}

// -----

// expected-error@+1 {{'sdfg.sdfg' op attribute 'arg_names' failed to satisfy constraint: string array attribute}}
sdfg.sdfg "f" [1, 2] {
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.symbol' op attribute 'dtype' failed to satisfy constraint: a scalar element type (DaCe's basic typeclasses, by their names) or string attribute}}
  sdfg.symbol "N" {dtype = i32}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+2 {{expected ::sdfg::DType to be one of: bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, float32, float64, complex64, complex128}}
  // expected-error@+1 {{failed to parse SDFG_DTypeAttr parameter 'value'}}
  sdfg.array "A" {dtype = #sdfg.dtype<float65>, shape = #sdfg.exprs<4>, transient}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.array' op attribute 'transient' failed to satisfy constraint: unit attribute}}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient = "yes"}
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.tasklet' op attribute 'outs' failed to satisfy constraint: dictionary of named attribute values}}
    %t = sdfg.tasklet "t" {code = "x = 1", outs = ["x"]}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.map' op attribute 'params' failed to satisfy constraint: string array attribute}}
    %me, %mx = sdfg.map "m" [0] = 0:4 {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{'sdfg.memlet' op attribute 'is_data_src' failed to satisfy constraint: bool attribute}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, is_data_src = "yes"}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{'sdfg.edge' op attribute 'assignments' failed to satisfy constraint: interstate assignments, in order: #sdfg.assign<t = "t + 1", k = 0>}}
  sdfg.edge %s0 -> %s1 {assignments = {i = "0"}}
}

//===----------------------------------------------------------------------===//
// Scope bodies take the entry and exit nodes
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.map' op body must take the entry and exit nodes as two !sdfg.node arguments}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0:
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.map' op body must take the entry and exit nodes as two !sdfg.node arguments}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%entry: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.map' op body must take the entry and exit nodes as two !sdfg.node arguments}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.block):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.consume' op body must take the entry and exit nodes as two !sdfg.node arguments}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<1>} {
    ^bb0:
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.consume' op body must take the entry and exit nodes as two !sdfg.node arguments}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<1>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node, %extra: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.map' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
    ^bb1:
    }
  }
}

//===----------------------------------------------------------------------===//
// Control-flow bodies: one block, no arguments
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.state' op region #0 ('body') failed to verify constraint: region with at most 1 blocks}}
  %s = sdfg.state "s" {
  ^bb0:
  ^bb1:
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{'sdfg.loop' op region should have no arguments}}
  %l = sdfg.loop "l" {
  ^bb0(%x: !sdfg.block):
  }
}

// -----

// expected-error@+1 {{'sdfg.sdfg' op region should have no arguments}}
sdfg.sdfg "f" [] {
^bb0(%x: !sdfg.node):
}

//===----------------------------------------------------------------------===//
// A nested SDFG holds exactly one sdfg.sdfg
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.nested' op body must hold exactly one sdfg.sdfg}}
    %n = sdfg.nested "n" {
      sdfg.sdfg "a" [] {
      }
      sdfg.sdfg "b" [] {
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.nested' op body must hold exactly one sdfg.sdfg}}
    %n = sdfg.nested "n" {
      %c = arith.constant 0 : i32
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{'sdfg.nested' op body must hold exactly one sdfg.sdfg}}
    %n = sdfg.nested "n" {
    ^bb0:
    }
  }
}

//===----------------------------------------------------------------------===//
// Edge operands must be handles of the right kind
//===----------------------------------------------------------------------===//

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{use of value '%s0' expects different type than prior uses: '!sdfg.node' vs '!sdfg.block'}}
    sdfg.memlet %s0 -> %t
  }
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{'sdfg.memlet' op operand #0 must be handle of a dataflow node inside a state, but got '!sdfg.block'}}
    "sdfg.memlet"(%s0, %t) : (!sdfg.block, !sdfg.node) -> ()
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    %n = sdfg.nested "n" {
      sdfg.sdfg "inner" [] {
        %e = sdfg.state "e" {
        }
        // expected-error@+1 {{use of value '%t' expects different type than prior uses: '!sdfg.block' vs '!sdfg.node'}}
        sdfg.edge %t -> %e
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    %n = sdfg.nested "n" {
      sdfg.sdfg "inner" [] {
        %e = sdfg.state "e" {
        }
        // expected-error@+1 {{'sdfg.edge' op operand #1 must be handle of a control-flow block (state or region), but got '!sdfg.node'}}
        "sdfg.edge"(%e, %t) : (!sdfg.block, !sdfg.node) -> ()
      }
    }
  }
}
