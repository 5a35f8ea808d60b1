// sdfg-map-fusion applied everywhere fuses pairs of maps in rounds, each
// round on one analysis of the state; a round whose fusions together would
// close a cycle falls back to its first fusion alone.
// RUN: sdfg-opt %s --split-input-file --sdfg-map-fusion | FileCheck %s

// Five maps in a chain become one (three rounds): every transient shrinks
// to a scalar inside it, and the tasklets read each other in order.
// CHECK-LABEL: sdfg.sdfg "chain"
// CHECK-COUNT-4: sdfg.scalar "T{{[1-4]}}"
// CHECK: sdfg.map "a" ["aa"]
// CHECK-NOT: sdfg.map
// CHECK: sdfg.memlet %entry["OUT_A"] -> %ta["x"] {data = "A", subset = #sdfg.range<aa>}
// CHECK-NEXT: sdfg.memlet %ta["y"] -> %T1 {data = "T1", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %T1 -> %tb["x"] {data = "T1", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %tb["y"] -> %T2 {data = "T2", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %T2 -> %tc["x"] {data = "T2", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %tc["y"] -> %T3 {data = "T3", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %T3 -> %td["x"] {data = "T3", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %td["y"] -> %T4 {data = "T4", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %T4 -> %te["x"] {data = "T4", subset = #sdfg.range<0>}
// CHECK-NEXT: sdfg.memlet %te["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<aa>}
// CHECK-NOT: sdfg.map
sdfg.sdfg "chain" ["A", "C"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T1" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "T2" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "T3" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "T4" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T1 = sdfg.access "T1"
    %T2 = sdfg.access "T2"
    %T3 = sdfg.access "T3"
    %T4 = sdfg.access "T4"
    %C = sdfg.access "C"
    %ea, %xa = sdfg.map "a" ["aa"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T1}, exit_outs = {OUT_T1}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "ta" {code = "y = x + 1", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<aa>}
      sdfg.memlet %t["y"] -> %exit["IN_T1"] {data = "T1", subset = #sdfg.range<aa>}
    }
    %eb, %xb = sdfg.map "b" ["bb"] = 0:N attributes {ins = {IN_T1}, outs = {OUT_T1}, exit_ins = {IN_T2}, exit_outs = {OUT_T2}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "tb" {code = "y = x * 2", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T1"] -> %t["x"] {data = "T1", subset = #sdfg.range<bb>}
      sdfg.memlet %t["y"] -> %exit["IN_T2"] {data = "T2", subset = #sdfg.range<bb>}
    }
    %ec, %xc = sdfg.map "c" ["cc"] = 0:N attributes {ins = {IN_T2}, outs = {OUT_T2}, exit_ins = {IN_T3}, exit_outs = {OUT_T3}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "tc" {code = "y = x + 3", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T2"] -> %t["x"] {data = "T2", subset = #sdfg.range<cc>}
      sdfg.memlet %t["y"] -> %exit["IN_T3"] {data = "T3", subset = #sdfg.range<cc>}
    }
    %ed, %xd = sdfg.map "d" ["dd"] = 0:N attributes {ins = {IN_T3}, outs = {OUT_T3}, exit_ins = {IN_T4}, exit_outs = {OUT_T4}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "td" {code = "y = x * 4", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T3"] -> %t["x"] {data = "T3", subset = #sdfg.range<dd>}
      sdfg.memlet %t["y"] -> %exit["IN_T4"] {data = "T4", subset = #sdfg.range<dd>}
    }
    %ee, %xe = sdfg.map "e" ["ee"] = 0:N attributes {ins = {IN_T4}, outs = {OUT_T4}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "te" {code = "y = x + 5", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_T4"] -> %t["x"] {data = "T4", subset = #sdfg.range<ee>}
      sdfg.memlet %t["y"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<ee>}
    }
    sdfg.memlet %A -> %ea["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %xa["OUT_T1"] -> %T1 {data = "T1", subset = #sdfg.range<0:N>}
    sdfg.memlet %T1 -> %eb["IN_T1"] {data = "T1", subset = #sdfg.range<0:N>}
    sdfg.memlet %xb["OUT_T2"] -> %T2 {data = "T2", subset = #sdfg.range<0:N>}
    sdfg.memlet %T2 -> %ec["IN_T2"] {data = "T2", subset = #sdfg.range<0:N>}
    sdfg.memlet %xc["OUT_T3"] -> %T3 {data = "T3", subset = #sdfg.range<0:N>}
    sdfg.memlet %T3 -> %ed["IN_T3"] {data = "T3", subset = #sdfg.range<0:N>}
    sdfg.memlet %xd["OUT_T4"] -> %T4 {data = "T4", subset = #sdfg.range<0:N>}
    sdfg.memlet %T4 -> %ee["IN_T4"] {data = "T4", subset = #sdfg.range<0:N>}
    sdfg.memlet %xe["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
  }
}

// -----

// a -T-> b and c -U-> d fuse each on their own, but c feeds b through Y and
// a feeds d through Z: fusing both pairs would make a cycle. The first round
// fuses a into b only; then U and Z would close a cycle and Y fuses c in.
// CHECK-LABEL: sdfg.sdfg "crossing"
// CHECK: sdfg.scalar "T"
// CHECK: sdfg.array "U"
// CHECK: sdfg.scalar "Y"
// CHECK: sdfg.array "Z"
// CHECK: sdfg.map "c" ["i"] = 0:N
// CHECK-DAG: sdfg.tasklet "ta"
// CHECK-DAG: sdfg.tasklet "tb"
// CHECK-DAG: sdfg.tasklet "tc"
// CHECK: sdfg.map "d" ["i"] = 0:N
// CHECK-NEXT: ^bb0
// CHECK-NEXT: sdfg.tasklet "td"
// CHECK-NOT: sdfg.map
sdfg.sdfg "crossing" ["A", "C", "D"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "D" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "U" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "Y" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  sdfg.array "Z" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %U = sdfg.access "U"
    %Y = sdfg.access "Y"
    %Z = sdfg.access "Z"
    %C = sdfg.access "C"
    %D = sdfg.access "D"
    %ea, %xa = sdfg.map "a" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T, IN_Z}, exit_outs = {OUT_T, OUT_Z}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "ta" {code = "t = x + 1\nz = x - 1", ins = {x}, outs = {t, z}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["t"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %t["z"] -> %exit["IN_Z"] {data = "Z", subset = #sdfg.range<i>}
    }
    %eb, %xb = sdfg.map "b" ["i"] = 0:N attributes {ins = {IN_T, IN_Y}, outs = {OUT_T, OUT_Y}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "tb" {code = "c = t * y", ins = {t, y}, outs = {c}}
      sdfg.memlet %entry["OUT_T"] -> %t["t"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_Y"] -> %t["y"] {data = "Y", subset = #sdfg.range<i>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    %ec, %xc = sdfg.map "c" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_U, IN_Y}, exit_outs = {OUT_U, OUT_Y}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "tc" {code = "u = x * 2\ny = x * 3", ins = {x}, outs = {u, y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["u"] -> %exit["IN_U"] {data = "U", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_Y"] {data = "Y", subset = #sdfg.range<i>}
    }
    %ed, %xd = sdfg.map "d" ["i"] = 0:N attributes {ins = {IN_U, IN_Z}, outs = {OUT_U, OUT_Z}, exit_ins = {IN_D}, exit_outs = {OUT_D}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "td" {code = "d = u + z", ins = {u, z}, outs = {d}}
      sdfg.memlet %entry["OUT_U"] -> %t["u"] {data = "U", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_Z"] -> %t["z"] {data = "Z", subset = #sdfg.range<i>}
      sdfg.memlet %t["d"] -> %exit["IN_D"] {data = "D", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %ea["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %A -> %ec["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %xa["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %xa["OUT_Z"] -> %Z {data = "Z", subset = #sdfg.range<0:N>}
    sdfg.memlet %T -> %eb["IN_T"] {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %Y -> %eb["IN_Y"] {data = "Y", subset = #sdfg.range<0:N>}
    sdfg.memlet %xb["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:N>}
    sdfg.memlet %xc["OUT_U"] -> %U {data = "U", subset = #sdfg.range<0:N>}
    sdfg.memlet %xc["OUT_Y"] -> %Y {data = "Y", subset = #sdfg.range<0:N>}
    sdfg.memlet %U -> %ed["IN_U"] {data = "U", subset = #sdfg.range<0:N>}
    sdfg.memlet %Z -> %ed["IN_Z"] {data = "Z", subset = #sdfg.range<0:N>}
    sdfg.memlet %xd["OUT_D"] -> %D {data = "D", subset = #sdfg.range<0:N>}
  }
}
