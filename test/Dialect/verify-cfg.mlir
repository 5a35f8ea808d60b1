// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// SDFG verifier, control-flow group (src/verify/cfg.rs and the expression checks of src/verify/exprs.rs it uses): start blocks, reachability, labels, interstate edges, loops, conditionals, break and continue.

// expected-error@+1 {{start block of 'f' is ambiguous}}
sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1
  sdfg.edge %s2 -> %s1
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{start block of 'r' is ambiguous}}
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    %a = sdfg.region "a" attributes {kind = "ControlFlowRegion"} {
    }
    %b = sdfg.return "b"
  }
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" attributes {start} {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{state 's2' is unreachable}}
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{interstate edge assigns to invalid symbol name '1x'}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<"1x" = 0>}
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{interstate edge condition '1 <' does not parse}}
  sdfg.edge %s0 -> %s1 {condition = "1 <"}
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{undefined symbol 'N' in interstate edge condition}}
  sdfg.edge %s0 -> %s1 {condition = "N > 0"}
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // Python, so the reader keeps it, but not a symbolic expression.
  // expected-error@+1 {{assignment to 'x' 'N if N > 0 else 1' does not parse}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<x = "N if N > 0 else 1">}
}

// -----

sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{undefined symbol 'M' in assignment to 'x'}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<x = "M + 1">}
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "if" {
    // expected-error@+1 {{branch 0 of conditional 'if' has no condition but is not the last}}
    sdfg.branch "else" {
    }
    sdfg.branch "then" attributes {condition = "1 > 0"} {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "if" {
    // expected-error@+1 {{branch condition 'x >' does not parse}}
    sdfg.branch "then" attributes {condition = "x >"} {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "if" {
    // expected-error@+1 {{undefined symbol 'x' in branch condition}}
    sdfg.branch "then" attributes {condition = "x > 0"} {
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
  }
  // expected-error@+1 {{break 'b' is not inside a loop}}
  %b = sdfg.break "b"
  sdfg.edge %s -> %b
}

// -----

sdfg.sdfg "f" [] {
  %c = sdfg.conditional "if" {
    sdfg.branch "then" attributes {condition = "1 > 0"} {
      // expected-error@+1 {{continue 'next' is not inside a loop}}
      %n = sdfg.continue "next"
    }
  }
}

// -----

// A nested SDFG starts afresh: the loop around it does not count.
sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i = i + 1"} {
    %s = sdfg.state "s" {
      %n = sdfg.nested "n" {
        sdfg.sdfg "inner" [] {
          // expected-error@+1 {{break 'b' is not inside a loop}}
          %b = sdfg.break "b"
        }
      }
    }
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{loop 'l' has invalid loop variable '1i'}}
  %l = sdfg.loop "l" attributes {loop_variable = "1i"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{loop variable 'i' of loop 'l' is not a declared symbol}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{loop condition 'i <' does not parse}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i <", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{undefined symbol 'N' in loop condition}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < N", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{loop init statement is empty}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = " ; ", condition = "i < 4", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{loop init statement 'i < 0' is not an assignment}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i < 0", condition = "i < 4", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{loop init statement '0 +' does not parse}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0 +", condition = "i < 4", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{undefined symbol 'start' in loop init statement}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = start", condition = "i < 4", update = "i = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{loop update statement assigns to invalid name 'i.x'}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i.x = i + 1"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  // expected-error@+1 {{undefined symbol 'step' in loop update statement}}
  %l = sdfg.loop "l" attributes {loop_variable = "i", init = "i = 0", condition = "i < 4", update = "i = i + step"} {
  }
}

// -----

// Every error of one input is reported, not only the first.
sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s0" attributes {start} {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{state 'lost' is unreachable}}
  %s2 = sdfg.state "lost" {
  }
  // expected-error@+1 {{continue 'c' is not inside a loop}}
  %c = sdfg.continue "c"
  // expected-error@+2 {{undefined symbol 'N' in interstate edge condition}}
  // expected-error@+1 {{undefined symbol 'M' in assignment to 'k'}}
  sdfg.edge %s0 -> %s1 {condition = "N > 0", assignments = #sdfg.assign<k = M>}
  sdfg.edge %s1 -> %c
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{state has an empty label}}
  %s = sdfg.state "" {
  }
}

// -----

// Division by a literal zero in an interstate condition or assignment.
sdfg.sdfg "f" [] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+2 {{division by zero in interstate edge condition}}
  // expected-error@+1 {{division by zero in assignment to 'x'}}
  sdfg.edge %s0 -> %s1 {condition = "N / 0 > 1", assignments = #sdfg.assign<x = "N // (2 - 2)">}
}

// -----

// DaCe names blocks by label: two blocks of one region may not share one.
sdfg.sdfg "f" [] {
  %s0 = sdfg.state "s" {
  }
  // expected-error@+1 {{several blocks are labelled 's' in 'f'}}
  %s1 = sdfg.state "s" {
  }
  sdfg.edge %s0 -> %s1
}

// -----

sdfg.sdfg "f" [] {
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    %a = sdfg.state "a" {
    }
    // expected-error@+1 {{several blocks are labelled 'a' in 'r'}}
    %b = sdfg.region "a" attributes {kind = "ControlFlowRegion"} {
    }
    sdfg.edge %a -> %b
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int32>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  // expected-error@+1 {{assignment to 'j' reads 'i', which the same interstate edge assigns}}
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<i = 1, j = "i + 1">}
}

// -----

// An assignment may read the name it assigns, and names of other edges.
sdfg.sdfg "f" [] {
  sdfg.symbol "i" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int32>}
  %s0 = sdfg.state "s0" {
  }
  %s1 = sdfg.state "s1" {
  }
  %s2 = sdfg.state "s2" {
  }
  sdfg.edge %s0 -> %s1 {assignments = #sdfg.assign<i = "i + 1">}
  sdfg.edge %s1 -> %s2 {assignments = #sdfg.assign<j = "i + 1">}
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{invalid state name 'init state'}}
  %s0 = sdfg.state "init state" {
  }
}

// -----

sdfg.sdfg "f" [] {
  %l = sdfg.loop "l" {
    // expected-error@+1 {{invalid state name 'None'}}
    %s0 = sdfg.state "None" {
    }
  }
}

// -----

// DaCe allows dots in state names and checks the names of states only.
sdfg.sdfg "f" [] {
  %s0 = sdfg.state "init.x" {
  }
  %l = sdfg.loop "for 25" {
    %s1 = sdfg.state "body" {
    }
  }
  sdfg.edge %s0 -> %l
}
