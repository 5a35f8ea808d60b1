// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, memlets group (src/verify/memlets.rs, src/verify/paths.rs): data, dimensionality, bounds, other_subset and memlet-path ends (write-conflict lambdas: invalid-wcr.mlir).

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet data 'B' is not a container of this sdfg}}
    sdfg.memlet %t["x"] -> %a {data = "B", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet subset of 'A' has 2 dimensions, the container has 1}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0, 0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet data 'C' is neither end of its path ('A')}}
    sdfg.memlet %t["x"] -> %a {data = "C", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet subset of 'A' is out of bounds: dimension 0 starts at -1}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<-1>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet subset of 'A' is out of bounds: dimension 0 ends at 4 of size 4}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<2:5>}
  }
}

// -----

// Offsets shift the bounds: with offset -1, index 4 lies past the 3 elements.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<3>, offset = #sdfg.exprs<-1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet subset of 'A' is out of bounds: dimension 0 ends at 4 (plus its offset -1) of size 3}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<3:5>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet other_subset has 2 dimensions, 'B' has 1}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:2>, other_subset = #sdfg.range<0:2, 0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet other_subset of 'B' is out of bounds: dimension 0 ends at 4 of size 4}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:2>, other_subset = #sdfg.range<3:5>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet other_subset of 'B' is out of bounds: dimension 0 starts at -2}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:2>, other_subset = #sdfg.range<-2:0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet copies 2 elements of 'A' into 3 elements of 'B'}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:2>, other_subset = #sdfg.range<0:3>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
      // expected-error@+1 {{memlet path of 'A' leaves map 'm' without a connector}}
      sdfg.memlet %e -> %t["u"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %a -> %me
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {outs = {A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
      // expected-error@+1 {{memlet path of 'A' leaves map 'm' through 'A', which is not an OUT_ connector}}
      sdfg.memlet %e["A"] -> %t["u"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t -> %x
    }
    sdfg.memlet %a -> %me
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      // expected-error@+1 {{memlet path of 'A' enters map exit 'm' without a connector}}
      sdfg.memlet %t["y"] -> %x {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx -> %a
  }
}

// -----

// A memlet path through a map's own connectors that loops back on itself.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  // expected-error@+1 {{state 's' has a cycle}}
  %s = sdfg.state "s" {
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      // expected-error@+1 {{memlet path of 'A' runs in a cycle}}
      sdfg.memlet %e["OUT_A"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    // expected-error@+1 {{memlet path of 'A' runs in a cycle}}
    sdfg.memlet %mx["OUT_A"] -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "pass", ins = {u}}
    %n = sdfg.nested "inner" attributes {outs = {X}} {
      sdfg.sdfg "inner" ["X"] {
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
      }
    }
    // expected-error@+1 {{memlet from nested sdfg 'inner' must lead to an access node}}
    sdfg.memlet %n["X"] -> %t["u"] {data = "X", subset = #sdfg.range<0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
    %n = sdfg.nested "inner" attributes {ins = {X}} {
      sdfg.sdfg "inner" ["X"] {
        sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
      }
    }
    // expected-error@+1 {{memlet into nested sdfg 'inner' must come from an access node}}
    sdfg.memlet %t["y"] -> %n["X"] {data = "X", subset = #sdfg.range<0:4>}
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{memlet subset of 'A' is out of bounds: dimension 0 ends at 4 of size 4}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<4>}
    // expected-error@+1 {{memlet copies 4 elements of 'A' into 1 elements of 'B'}}
    sdfg.memlet %a -> %b {data = "A", other_subset = #sdfg.range<0>}
  }
}

// -----

// Symbolic counts that differ for some symbol values (DaCe rejects every
// pair it cannot prove equal).
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<M>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet copies N elements of 'A' into M elements of 'B'}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:N>, other_subset = #sdfg.range<0:M>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{memlet copies N - 1 elements of 'A' into N - 2 elements of 'B'}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<1:N>, other_subset = #sdfg.range<2:N>}
  }
}

// -----

// Equal counts written differently, and a reference set from a larger window,
// are accepted.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"M * N">}
  sdfg.reference "R" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<2>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0:N, 0:M>, other_subset = #sdfg.range<0:"N*M">}
    %a2 = sdfg.access "A"
    %r = sdfg.access "R" {ins = {set}}
    sdfg.memlet %a2 -> %r["set"] {data = "A", subset = #sdfg.range<0:N, 0:M>, other_subset = #sdfg.range<0:2>}
  }
}
