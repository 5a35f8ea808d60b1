// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Interstate assignments in the IR (src/ir/assign_attr.rs, #sdfg.assign):
// the reader rejects an empty or repeated symbol and a value that is not
// Python, at the edge; the parser rejects what is not the syntax, and the
// string array of earlier versions names the new spelling.

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{symbol 't' is assigned twice by one interstate edge}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t = 1, t = "t + 1">}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{interstate assignment of '1' to an empty symbol}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<"" = 1>}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{assignment to 't': '1 +' is not a Python expression}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t = "1 +">}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{assignment to 't': '1; u = 2' is not a Python expression (more than one statement)}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t = "1; u = 2">}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{assignment to 't': '007' is not a Python expression}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t = "007">}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{attribute 'assignments' failed to satisfy constraint: interstate assignments, in order: #sdfg.assign<t = "t + 1", k = 0>}}
  sdfg.edge %s0 -> %s1 {assignments = ["t = t + 1"]}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{expected '='}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t>}
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "t" {dtype = #sdfg.dtype<int64>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{expected an assigned value: an integer, an identifier or a quoted expression}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<t = 1.5>}
}
