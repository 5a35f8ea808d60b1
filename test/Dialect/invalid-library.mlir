// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Library-node properties (src/model/library.rs) are typed where the IR is
// read: a value a known class cannot take is an error at the op.

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %o = sdfg.access "S"
    // expected-error@+1 {{Reduce property 'wcr' holds a write-conflict resolution that is not a lambda: write-conflict resolution 'lambda a: a' does not take two arguments}}
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"wcr\": \"lambda a: a\"}"}
    sdfg.memlet %a -> %r {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %r -> %o {data = "S", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %o = sdfg.access "S"
    // expected-error@+1 {{Reduce property 'axes' is [0,"1"], not a list of axes}}
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"axes\": [0, \"1\"], \"wcr\": \"(lambda a, b: a + b)\"}"}
    sdfg.memlet %a -> %r {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %r -> %o {data = "S", subset = #sdfg.range<0>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4, 4>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %c = sdfg.access "C"
    // expected-error@+1 {{MatMul property 'alpha' is not an expression: }}
    %m = sdfg.library "MatMul" {classpath = "dace.libraries.blas.nodes.matmul.MatMul", ins = {_a, _b}, outs = {_c}, properties = "{\"alpha\": \"2 *\"}"}
    sdfg.memlet %a -> %m["_a"] {data = "A", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %a -> %m["_b"] {data = "A", subset = #sdfg.range<0:4, 0:4>}
    sdfg.memlet %m["_c"] -> %c {data = "C", subset = #sdfg.range<0:4, 0:4>}
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %o = sdfg.access "S"
    // expected-error@+1 {{Reduce property 'schedule' is not a schedule: unknown schedule `Quick` (not a member of dace.dtypes.ScheduleType)}}
    %r = sdfg.library "Reduce" {classpath = "dace.libraries.standard.nodes.reduce.Reduce", properties = "{\"schedule\": \"Quick\"}"}
    sdfg.memlet %a -> %r {data = "A", subset = #sdfg.range<0:4>}
    sdfg.memlet %r -> %o {data = "S", subset = #sdfg.range<0>}
  }
}
