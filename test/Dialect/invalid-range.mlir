// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Subsets and map ranges in the IR (`#sdfg.range`, dialect/SDFGRange.cpp and
// src/ir/range_attr.rs): the dialect's parser rejects a malformed range at
// its line and column; the reader rejects a part that is not an expression,
// naming the attribute, the part and the dimension; a string subset (the
// form of before) is an error that shows the new spelling.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'subset': begin of dimension 1: cannot parse 'i +': unexpected end of input}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:N, "i +":N>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'other_subset': step of dimension 0: cannot parse '2 *': unexpected end of input}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:N, 0:N>, other_subset = #sdfg.range<0:N:"2 *", 0:N>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'subset': tile of dimension 0: cannot parse '$'}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:N:1:"$", 0:N>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'subset': begin of dimension 0: cannot parse '0:N, 1:N - 1': unexpected `:`; write subset = #sdfg.range<0:N, 1:"N - 1">}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<"0:N, 1:N - 1">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'subset' failed to satisfy constraint: a subset or map range, begin:end:step:tile per dimension (#sdfg.range<0:N, i>)}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = "0:N, i"}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'other_subset' failed to satisfy constraint: a subset or map range}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:N, 0:N>, other_subset = "0:N, 0:N"}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{range dimension 0 has 5 parts, not 1 to 4 (begin:end:step:tile)}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:1:2:3:4, 0:N>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{range dimension 0 has a part that is not an expression}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:"  ", 0:N>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, N>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{expected a range part: an integer, an identifier or a quoted expression}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0:N, 0:>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'range': begin of dimension 0: cannot parse '0:N, 0:N - 1': unexpected `:`; write = 0:N, 0:"N - 1"}}
    %me, %mx = sdfg.map "m" ["i", "j"] = "0:N, 0:N - 1" {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'range': begin of dimension 1: cannot parse 'j +': unexpected end of input}}
    %me, %mx = sdfg.map "m" ["i", "j"] = 0:N, "j +" {
    ^bb0(%e: !sdfg.node, %x: !sdfg.node):
    }
  }
}
