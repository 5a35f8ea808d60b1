// Applying a transformation everywhere visits every state, those inside
// control-flow regions included, one state at a time (`state_local`
// transformations) or by re-checking only the state an application changed
// (`once_per_match` ones): each of the three stencil maps is rewritten.
// RUN: sdfg-opt %s --sdfg-propagate-memlets | FileCheck %s --check-prefix=PROP
// PROP-COUNT-3: sdfg.memlet %{{.*}} -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<0:N>, volume = #sdfg.expr<"3*N - 6">}
// PROP-NOT: volume = #sdfg.expr<N>
// RUN: sdfg-opt %s --sdfg-map-to-for-loop | FileCheck %s --check-prefix=LOOP
// LOOP-COUNT-3: sdfg.loop "{{first|inner|last}}_m_i"
// LOOP-NOT: sdfg.map
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=4' | FileCheck %s --check-prefix=TILE
// TILE: sdfg.map "first_m" ["tile_i"] = 1:"N - 1":4
// TILE: sdfg.map "first_m" ["i"] = tile_i:"Min(N - 2, tile_i + 3) + 1"
// TILE: sdfg.map "inner_m" ["tile_i"] = 1:"N - 1":4
// TILE: sdfg.map "inner_m" ["i"] = tile_i:"Min(N - 2, tile_i + 3) + 1"
// TILE: sdfg.map "last_m" ["tile_i"] = 1:"N - 1":4
// TILE: sdfg.map "last_m" ["i"] = tile_i:"Min(N - 2, tile_i + 3) + 1"
// The results are those of the program as written.
// RUN: sdfg-run %s --inputs %S/Inputs/apply-everywhere-states.npz -o %t.npz
// RUN: sdfg-opt %s --sdfg-map-tiling='tile-sizes=4' --sdfg-propagate-memlets -o %t.tiled.mlir
// RUN: sdfg-run %t.tiled.mlir --inputs %S/Inputs/apply-everywhere-states.npz --expected %t.npz 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: sdfg-opt %s --sdfg-map-to-for-loop -o %t.loops.mlir
// RUN: sdfg-run %t.loops.mlir --inputs %S/Inputs/apply-everywhere-states.npz --expected %t.npz 2>&1 | FileCheck %s --check-prefix=SAME
// SAME-NOT: mismatch
// SAME: outputs match
sdfg.sdfg "three_states" ["A", "B"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s1 = sdfg.state "first" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %e, %x = sdfg.map "first_m" ["i"] = 1:"N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "avg" {code = "o = (w[0] + w[1] + w[2]) / 3", ins = {w}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["w"] {data = "A", subset = #sdfg.range<"i - 1":"i + 2">}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
  }
  %l = sdfg.loop "l" attributes {condition = "k < 3", init = "k = 0", loop_variable = "k", update = "k = k + 1"} {
    %s2 = sdfg.state "inner" {
      %a = sdfg.access "A"
      %b = sdfg.access "B"
      %e, %x = sdfg.map "inner_m" ["i"] = 1:"N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
      ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
        %t = sdfg.tasklet "avg" {code = "o = (w[0] + w[1] + w[2]) / 3", ins = {w}, outs = {o}}
        sdfg.memlet %entry["OUT_A"] -> %t["w"] {data = "A", subset = #sdfg.range<"i - 1":"i + 2">}
        sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
      }
      sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
      sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
    }
}
  %s3 = sdfg.state "last" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %e, %x = sdfg.map "last_m" ["i"] = 1:"N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "avg" {code = "o = (w[0] + w[1] + w[2]) / 3", ins = {w}, outs = {o}}
      sdfg.memlet %entry["OUT_A"] -> %t["w"] {data = "A", subset = #sdfg.range<"i - 1":"i + 2">}
      sdfg.memlet %t["o"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s1 -> %l
  sdfg.edge %l -> %s3
}
