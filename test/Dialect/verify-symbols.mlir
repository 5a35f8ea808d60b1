// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, symbols group (src/verify/symbols.rs): symbols used in map ranges, consume PE counts, symbol mappings and memlet subsets must be defined where they are used.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{undefined symbol 'K' in range of map 'm'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:K attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>, dynamic}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>, dynamic}
  }
}

// -----

// A map range may not use its own parameter.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{undefined symbol 'i' in range of map 'm'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:i attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>, dynamic}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>, dynamic}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.stream "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %q = sdfg.access "S"
    // expected-error@+1 {{undefined symbol 'P' in pes of consume 'c'}}
    %ce, %cx = sdfg.consume "c" attributes {pe_index = "p", num_pes = #sdfg.expr<P>, ins = {IN_stream}, outs = {OUT_stream}} {
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
  %s = sdfg.state "s" {
    // expected-error@+1 {{undefined symbol 'N' in symbol mapping 'M' of nested sdfg 'inner'}}
    %n = sdfg.nested "inner" attributes {symbol_mapping = #sdfg.symbols<M = "N + 1">} {
      sdfg.sdfg "inner" [] {
        sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
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
    // expected-error@+1 {{undefined symbol 'k' in memlet subset}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<k>}
  }
}

// -----

// A map parameter is not defined outside its map.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    // expected-error@+1 {{undefined symbol 'i' in memlet subset}}
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<i>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    // expected-error@+1 {{undefined symbol 'j' in memlet other_subset}}
    sdfg.memlet %a -> %b {data = "A", subset = #sdfg.range<0>, other_subset = #sdfg.range<j>}
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{undefined symbol 'lo' in range of map 'm'}}
    %me, %mx = sdfg.map "m" ["i"] = lo:4 attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      // expected-error@+1 {{undefined symbol 'j' in memlet subset}}
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<j>, dynamic}
    }
    // expected-error@+1 {{undefined symbol 'n' in memlet subset}}
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:n>, dynamic}
  }
}

// -----

// Division by a literal zero in a map range and in memlet subsets.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    // expected-error@+1 {{division by zero in range of map 'm'}}
    %me, %mx = sdfg.map "m" ["i"] = 0:"N // 0" attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %e -> %t
      // expected-error@+1 {{division by zero in memlet subset}}
      sdfg.memlet %t["y"] -> %x["IN_A"] {data = "A", subset = #sdfg.range<"i % (N - N)">, dynamic}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:4>, dynamic}
  }
}
