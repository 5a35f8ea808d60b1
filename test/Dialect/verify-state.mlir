// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, state group (src/verify/state.rs and the scope tree of src/model/scope.rs): node rules, connectors, isolated nodes, views, cycles and scope consistency.

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{access node data 'A' is not a container of this sdfg}}
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    sdfg.memlet %t["x"] -> %a
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{invalid tasklet name 'set-one'}}
    %t = sdfg.tasklet "set-one" {code = "x = 1", outs = {x}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has unknown language 'Fortran'}}
    %t = sdfg.tasklet "t" {code = "x = 1", language = "Fortran", outs = {x}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{connector 'A' of tasklet 't' is also a data or symbol name}}
    %t = sdfg.tasklet "t" {code = "A = 1", outs = {A}}
    sdfg.memlet %t["A"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has invalid connector name 'x.y'}}
    %t = sdfg.tasklet "t" {code = "pass", outs = {"x.y"}}
    sdfg.memlet %t["x.y"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has connector 'x' both as input and output}}
    %t = sdfg.tasklet "t" {code = "x = x + 1", ins = {x}, outs = {x}}
    sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["x"] -> %b {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{invalid map name 'map 1'}}
    %me, %mx = sdfg.map "map 1" ["i"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has 2 parameters but 1 range dimensions}}
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has invalid parameter name 'i+1'}}
    %me, %mx = sdfg.map "m" ["i+1"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<0>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has parameter 'i' twice}}
    %me, %mx = sdfg.map "m" ["i", "i"] = 0:4, 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i, i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4, 0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    // expected-error@+1 {{invalid consume name 'c c'}}
    %ce, %cx = sdfg.consume "c c" attributes {pe_index = "p", num_pes = #sdfg.expr<2>, ins = {IN_stream}, outs = {OUT_stream}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {v}}
      sdfg.memlet %e["OUT_stream"] -> %t["v"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %q -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    // expected-error@+1 {{consume 'c' has invalid pe index '0p'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "0p", num_pes = #sdfg.expr<2>, ins = {IN_stream}, outs = {OUT_stream}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {v}}
      sdfg.memlet %e["OUT_stream"] -> %t["v"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %q -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    // A consume without 'IN_stream' also breaks the IN_/OUT_ pair of 'OUT_stream'.
    // expected-error@+2 {{consume 'c' has no input stream connector 'IN_stream'}}
    // expected-error@+1 {{consume 'c' has out-connector 'OUT_stream' without 'IN_stream'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<2>, outs = {OUT_stream}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {v}}
      sdfg.memlet %e["OUT_stream"] -> %t["v"] {data = "S", subset = #sdfg.range<0>, dynamic}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %q -> %ce
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    // A consume without 'OUT_stream' also breaks the IN_/OUT_ pair of 'IN_stream'.
    // expected-error@+2 {{consume 'c' has no internal stream connector 'OUT_stream'}}
    // expected-error@+1 {{consume 'c' has in-connector 'IN_stream' without 'OUT_stream'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<2>, ins = {IN_stream}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass"}
      sdfg.memlet %e -> %t
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %q -> %ce["IN_stream"] {data = "S", subset = #sdfg.range<0>, dynamic}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{invalid nested sdfg name 'in ner'}}
    %n = sdfg.nested "in ner" {
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
    // expected-error@+1 {{nested sdfg 'inner' has invalid connector name 'X-1'}}
    %n = sdfg.nested "inner" attributes {outs = {"X-1"}} {
      sdfg.sdfg "inner" ["X-1"] {
        // The connector must name an inner container, whose name is then invalid too.
        // expected-error@+1 {{invalid container name 'X-1'}}
        sdfg.array "X-1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
      }
    }
    sdfg.memlet %n["X-1"] -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{library node 'lib' has an empty classpath}}
    %l = sdfg.library "lib" {classpath = " "}
    sdfg.memlet %a -> %l {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has dangling out-connector 'x'}}
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{edge leaves tasklet 't' through undeclared connector 'y'}}
    sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "pass"}
    // expected-error@+1 {{edge enters tasklet 't' through undeclared connector 'x'}}
    sdfg.memlet %a -> %t["x"] {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has dangling in-connector 'u'}}
    %t = sdfg.tasklet "t" {code = "x = u + v", ins = {u, v}, outs = {x}}
    sdfg.memlet %a -> %t["v"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["x"] -> %b {data = "A", subset = #sdfg.range<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{in-connector 'u' of tasklet 't' has 2 incoming edges}}
    %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
    sdfg.memlet %a -> %t["u"] {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %a -> %t["u"] {data = "A", subset = #sdfg.range<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    // expected-error@+1 {{access node 'A' is isolated}}
    %a = sdfg.access "A"
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{view 'V' is not connected to the viewed data through its 'views' connector}}
    %v = sdfg.access "V"
    sdfg.memlet %a -> %v {data = "A", subset = #sdfg.range<0:2>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "A"
    // expected-error@+1 {{view 'V' has several edges to the viewed data through its 'views' connector}}
    %v = sdfg.access "V" {outs = {views}}
    sdfg.memlet %v["views"] -> %a {data = "A", subset = #sdfg.range<0:2>}
    sdfg.memlet %v["views"] -> %b {data = "A", subset = #sdfg.range<2:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.view "V" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{view 'V' is not bound to an access node}}
    %v = sdfg.access "V" {ins = {views}}
    sdfg.memlet %t["x"] -> %v["views"] {data = "V", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{state 's' has a cycle}}
  %s = sdfg.state "s" {
    %t1 = sdfg.tasklet "t1" {code = "b = a", ins = {a}, outs = {b}}
    %t2 = sdfg.tasklet "t2" {code = "d = c", ins = {c}, outs = {d}}
    sdfg.memlet %t1["b"] -> %t2["c"]
    sdfg.memlet %t2["d"] -> %t1["a"]
  }
}

// -----

// A node fed both from inside a map (through the entry) and from outside.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  // expected-error@+1 {{state 's': node 1 ('t') has inputs from different scopes}}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "pass", ins = {u, w}}
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      sdfg.memlet %e -> %t["w"]
      sdfg.memlet %e -> %x
    }
    sdfg.memlet %a -> %t["u"] {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

// The exit of an inner map is fed from the top level, outside both maps.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  // expected-error@+1 {{state 's': exit node 4 is fed from outside its scope}}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
    %oe, %ox = sdfg.map "outer" ["i"] = 0:4 {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["j"] = 0:4 {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
      }
      sdfg.memlet %e -> %ie
      sdfg.memlet %ix -> %x
      sdfg.memlet %t -> %ix
    }
    sdfg.memlet %a -> %t["u"] {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    // expected-error@+1 {{access node 'A' is isolated}}
    %a = sdfg.access "A"
    // expected-error@+1 {{access node data 'B' is not a container of this sdfg}}
    %b = sdfg.access "B"
    // expected-error@+2 {{tasklet 't' has unknown language 'Cobol'}}
    // expected-error@+1 {{tasklet 't' has dangling in-connector 'u'}}
    %t = sdfg.tasklet "t" {code = "x = u", language = "Cobol", ins = {u}, outs = {x}}
    sdfg.memlet %t["x"] -> %b
  }
}

// -----

// A map whose step is zero (after folding) never finishes.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{map 'm' has step 0 in dimension 1}}
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:4, 0:4:"N - N" attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>, dynamic}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>, dynamic}
  }
}

// -----

// Python tasklet code is parsed when verified; C++ code is not.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{Python code of tasklet 't' does not parse}}
    %t = sdfg.tasklet "t" {code = "x = = 1", outs = {x}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
    %b = sdfg.access "A"
    %c = sdfg.tasklet "c" {code = "x = = 1;", language = "CPP", outs = {x}}
    sdfg.memlet %c["x"] -> %b {data = "A", subset = #sdfg.range<1>}
    %d = sdfg.access "A"
    %u = sdfg.tasklet "u" {code = "for k in range(3):\n    x = k", outs = {x}}
    sdfg.memlet %u["x"] -> %d {data = "A", subset = #sdfg.range<2>}
  }
}

// -----

// DaCe: a tasklet's out-connector has one outgoing edge.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "A"
    // expected-error@+1 {{out-connector 'x' of tasklet 't' has 2 outgoing edges}}
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
    sdfg.memlet %t["x"] -> %b {data = "A", subset = #sdfg.range<1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{tasklet 't' has dangling out-connector 'y'}}
    %t = sdfg.tasklet "t" {code = "x = 1\ny = 2", outs = {x, y}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    // expected-error@+1 {{reference 'R' is used but never set through its 'set' connector}}
    %r = sdfg.access "R"
    %a = sdfg.access "A"
    sdfg.memlet %r -> %a {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

// A reference set in one state may be used in another.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s0 = sdfg.state "s0" {
    %r = sdfg.access "R" {ins = {set}}
    %a = sdfg.access "A"
    sdfg.memlet %a -> %r["set"] {data = "A", subset = #sdfg.range<0:4>}
  }
  %s1 = sdfg.state "s1" {
    %r = sdfg.access "R"
    %b = sdfg.access "B"
    sdfg.memlet %r -> %b {data = "R", subset = #sdfg.range<0:4>}
  }
  sdfg.edge %s0 -> %s1
}
