use super::*;
use crate::model::Sdfg;

fn parse(text: &str) -> Sdfg {
    crate::translate::read_text(&crate::ir::new_context(), text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"))
}

fn show(s: &SymbolSets) -> String {
    let list = |set: &BTreeSet<String>| set.iter().cloned().collect::<Vec<_>>().join(" ");
    format!("assigns [{}] binds [{}] uses [{}]", list(&s.assigned), list(&s.bound), list(&s.used))
}

fn block<'a>(sdfg: &'a Sdfg, label: &str) -> &'a Block {
    sdfg.cfg.blocks.iter().find(|b| b.label == label).expect("block")
}

const STATE: &str = r#"
sdfg.sdfg "st" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "S" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<"N + 1">}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = x * S + i", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N>}
  }
  %s2 = sdfg.state "outer_i" {
    %a = sdfg.access "A"
    %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
    sdfg.memlet %t["y"] -> %a {data = "A", subset = #sdfg.range<i>}
  }
  sdfg.edge %s -> %s2
}
"#;

#[test]
fn states_bind_map_parameters_and_use_the_rest() {
    let sdfg = parse(STATE);
    let BlockKind::State(s) = &block(&sdfg, "s").kind else { panic!() };
    // `S` comes from the tasklet's code, `N` from ranges and shapes; `i`
    // is the map's own.
    assert_eq!(show(&state_symbols(&sdfg, s)), "assigns [] binds [i] uses [N S]");
    // Outside the map, `i` is the SDFG's symbol.
    let BlockKind::State(s2) = &block(&sdfg, "outer_i").kind else { panic!() };
    assert_eq!(show(&state_symbols(&sdfg, s2)), "assigns [] binds [] uses [N i]");
    assert_eq!(scope_bound(&sdfg), ["i".to_string()].into());
}

const FLOW: &str = r#"
sdfg.sdfg "flow" ["x"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "m" {dtype = #sdfg.dtype<int64>}
  sdfg.scalar "x" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %a = sdfg.state "a" {
  }
  %b = sdfg.state "b" {
  }
  %c = sdfg.state "c" {
  }
  %l = sdfg.loop "loop" attributes {condition = "i < k + N", init = "i = m", loop_variable = "i", update = "i = i + 1"} {
    %body = sdfg.state "body" {
    }
  }
  sdfg.edge %a -> %b {assignments = #sdfg.assign<k = "N + 1">, condition = "x > 0"}
  sdfg.edge %a -> %c {assignments = #sdfg.assign<k = 2, m = 3>, condition = "x <= 0"}
  sdfg.edge %b -> %l {assignments = #sdfg.assign<k = "k + 1">}
  sdfg.edge %c -> %l
}
"#;

#[test]
fn region_uses_leave_out_symbols_assigned_on_every_way_before() {
    let sdfg = parse(FLOW);
    let e = edge_symbols(&sdfg, &sdfg.cfg.edges[2]);
    assert_eq!(show(&e), "assigns [k] binds [] uses [k]");
    // `k` is set on both ways into the loop, `m` only on one: `m` is read
    // from outside; data (`x`) is no symbol.
    let all = cfg_symbols(&sdfg, &sdfg.cfg);
    assert_eq!(show(&all), "assigns [i k m] binds [] uses [N m]");
    // The loop sets `i` before its condition reads it.
    assert_eq!(show(&block_symbols(&sdfg, block(&sdfg, "loop"))), "assigns [i] binds [] uses [N k m]");
    let mut names = BTreeSet::new();
    assigned(&sdfg.cfg, &mut names);
    assert_eq!(names, ["i", "k", "m"].iter().map(|s| s.to_string()).collect());
}

const NESTED: &str = r#"
sdfg.sdfg "outer" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "P" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %n = sdfg.nested "f" attributes {outs = {a}, symbol_mapping = #sdfg.symbols<K = "N - 1", P = P>} {
      sdfg.sdfg "f" ["a"] {
        sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
        sdfg.symbol "P" {dtype = #sdfg.dtype<int32>}
        sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K>}
        %body = sdfg.state "body" {
          %a = sdfg.access "a"
          %t = sdfg.tasklet "t" {code = "y = P", outs = {y}}
          sdfg.memlet %t["y"] -> %a {data = "a", subset = #sdfg.range<0>}
        }
      }
    }
    sdfg.memlet %n["a"] -> %A {data = "A", subset = #sdfg.range<0:"N - 1">}
  }
}
"#;

#[test]
fn nested_sdfgs_use_what_their_mapping_reads() {
    let sdfg = parse(NESTED);
    let all = sdfg_symbols(&sdfg);
    assert_eq!(show(&all), "assigns [] binds [] uses [N P]");
}

const TWO_MAPS: &str = r#"
sdfg.sdfg "two_maps" ["A"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = i", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<i>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:N>}
  }
  %s2 = sdfg.state "s2" {
    %a = sdfg.access "A"
    %me, %mx = sdfg.map "m2" ["j"] = 0:N attributes {exit_ins = {IN_A}, exit_outs = {OUT_A}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "y = j", outs = {y}}
      sdfg.memlet %entry -> %t
      sdfg.memlet %t["y"] -> %exit["IN_A"] {data = "A", subset = #sdfg.range<j>}
    }
    sdfg.memlet %mx["OUT_A"] -> %a {data = "A", subset = #sdfg.range<0:N>}
  }
  sdfg.edge %s -> %s2 {assignments = #sdfg.assign<k = 1>}
}
"#;

#[test]
fn taken_names_cover_symbols_containers_assignments_and_related_scopes() {
    let sdfg = parse(TWO_MAPS);
    let state = match &block(&sdfg, "s").kind {
        BlockKind::State(s) => s,
        _ => panic!("not a state"),
    };
    let entry = state.nodes.iter().position(|n| matches!(n.kind, NodeKind::MapEntry { .. })).expect("map");
    let taken = names_taken(&sdfg, state, entry);
    for name in ["N", "A", "i", "k"] {
        assert!(taken.contains(name), "{name} should be taken");
    }
    // A parameter of a map in another state does not clash.
    assert!(!taken.contains("j"));
    assert_eq!(taken.fresh("N"), "_N");
    assert_eq!(taken.fresh("tile_i"), "tile_i");
}
