// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Write-conflict resolutions in the IR (src/ir/wcr_attr.rs): the reader
// parses the lambda once and checks that the stored kind is the one it
// computes; unknown kinds are rejected by the dialect's parser.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b: a + b' is Sum, not Max as its kind says}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Max, "lambda a, b: a + b">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b: a - b + 1' is Custom, not Sub as its kind says}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sub, "lambda a, b: a - b + 1">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b: (a + b' has unbalanced parentheses}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Custom, "lambda a, b: (a + b">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'a + b' is not a lambda}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Custom, "a + b">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b a + b' has no ':'}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Custom, "lambda a, b a + b">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a: a' does not take two arguments}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Custom, "lambda a: a">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b:  ' has an empty body}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Custom, "lambda a, b:  ">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{write-conflict resolution 'lambda a, b: a + b(k=1)' is Custom, not Sum as its kind says}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b(k=1)">}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+1 {{attribute 'wcr' failed to satisfy constraint}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = "lambda a, b: a + b"}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}}
    // expected-error@+2 {{expected ::sdfg::WcrKind to be one of: Custom, Min, Max, Sum, Product, Logical_And, Bitwise_And, Logical_Or, Bitwise_Or, Logical_Xor, Bitwise_Xor, Min_Location, Max_Location, Exchange, Sub, Div}}
    // expected-error@+1 {{failed to parse SDFG_WcrAttr parameter 'kind' which is to be a `::sdfg::WcrKind`}}
    sdfg.memlet %t["x"] -> %a {data = "A", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Summ, "lambda a, b: a + b">}
  }
}
