use super::*;
use crate::model::{BlockKind, Sdfg, State};

fn parse(text: &str) -> Sdfg {
    crate::translate::read_text(&crate::ir::new_context(), text, "test.mlir").unwrap_or_else(|d| panic!("{d:?}"))
}

fn block<'a>(sdfg: &'a Sdfg, label: &str) -> &'a crate::model::Block {
    sdfg.cfg.blocks.iter().find(|b| b.label == label).expect("block")
}

fn state<'a>(sdfg: &'a Sdfg, label: &str) -> &'a State {
    match &block(sdfg, label).kind {
        BlockKind::State(s) => s,
        BlockKind::Loop(l) => match &l.cfg.blocks[0].kind {
            BlockKind::State(s) => s,
            _ => panic!("not a state"),
        },
        _ => panic!("not a state"),
    }
}

/// `reads ...; writes ...` as the report prints it.
fn show(s: &RwSets) -> String {
    format!("reads {}; writes {}", format_accesses(&s.reads), format_accesses(&s.writes))
}

fn subset(s: &str) -> Subset {
    Subset::parse(s).unwrap()
}

const MAPS: &str = r#"
sdfg.sdfg "maps" ["A", "B", "idx"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "idx" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<2>}
  sdfg.scalar "t" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, transient}
  %s = sdfg.state "s" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 1:"N - 1" attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t1 = sdfg.tasklet "t1" {code = "y = x", ins = {x}, outs = {y}}
      %t = sdfg.access "t"
      %t2 = sdfg.tasklet "t2" {code = "y = x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t1["x"] {data = "A", subset = #sdfg.range<"i - 1":"i + 2">}
      sdfg.memlet %t1["y"] -> %t {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t -> %t2["x"] {data = "t", subset = #sdfg.range<0>}
      sdfg.memlet %t2["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<1:"N - 1">, wcr = #sdfg.wcr<Sum, "lambda a, b: a + b">}
  }
  %c = sdfg.state "copy" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    sdfg.memlet %a -> %b {data = "B", subset = #sdfg.range<0:2>, other_subset = #sdfg.range<"idx[0]":"idx[0] + 2">}
  }
  sdfg.edge %s -> %c
}
"#;

#[test]
fn state_sets_use_the_outermost_memlets_and_propagate_inner_access_nodes() {
    let sdfg = parse(MAPS);
    let sets = state_sets(&sdfg, state(&sdfg, "s"));
    assert_eq!(show(&sets), "reads A[0:N], t[0]; writes B[1:N - 1] (wcr), t[0]");
    // A WCR write is a read too where dependences are concerned.
    let reads: Vec<&str> = sets.dependence_reads().keys().copied().collect();
    assert_eq!(reads, ["A", "B", "t"]);
    assert!(sets.reads_data("A") && !sets.reads_data("B") && sets.writes_data("B"));
}

#[test]
fn copies_read_their_other_subset_and_indirections_read_whole_containers() {
    let sdfg = parse(MAPS);
    let sets = state_sets(&sdfg, state(&sdfg, "copy"));
    assert_eq!(show(&sets), "reads A[idx[0]:idx[0] + 2], idx; writes B[0:2]");
}

const CONTROL: &str = r#"
sdfg.sdfg "control" ["A", "B", "C", "x"] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "i" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "j" {dtype = #sdfg.dtype<int64>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.scalar "x" {dtype = #sdfg.dtype<int64>, shape = #sdfg.exprs<1>}
  %l = sdfg.loop "for" attributes {condition = "i < N - 1", init = "i = 2", loop_variable = "i", update = "i = i + 1"} {
    %s = sdfg.state "body" {
      %a = sdfg.access "A"
      %b = sdfg.access "B"
      %t = sdfg.tasklet "t" {code = "y = v", ins = {v}, outs = {y}}
      sdfg.memlet %a -> %t["v"] {data = "A", subset = #sdfg.range<"i + 1">}
      sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<i>}
    }
  }
  %w = sdfg.loop "while" attributes {condition = "j < x", loop_variable = "j", update = "j = j * 2"} {
    %s = sdfg.state "wbody" {
      %c = sdfg.access "C"
      %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
      sdfg.memlet %t["y"] -> %c {data = "C", subset = #sdfg.range<j>}
    }
  }
  %c = sdfg.conditional "if" {
    sdfg.branch "then" attributes {condition = "A[k] > 0"} {
      %s = sdfg.state "then_s" {
        %b = sdfg.access "B"
        %t = sdfg.tasklet "t" {code = "y = 1", outs = {y}}
        sdfg.memlet %t["y"] -> %b {data = "B", subset = #sdfg.range<k>}
      }
    }
  }
  sdfg.edge %l -> %w {assignments = #sdfg.assign<k = "A[N - 1]">}
  sdfg.edge %w -> %c
}
"#;

#[test]
fn loops_widen_over_their_variable() {
    let sdfg = parse(CONTROL);
    let for_loop = block_sets(&sdfg, block(&sdfg, "for"));
    assert_eq!(show(&for_loop), "reads A[3:N]; writes B[2:N - 1]");
    // No `for` header: the dimensions using the variable become whole; the
    // condition reads x.
    let while_loop = block_sets(&sdfg, block(&sdfg, "while"));
    assert_eq!(show(&while_loop), "reads x; writes C[0:N]");
}

#[test]
fn conditions_and_assignments_read_data_and_regions_widen_their_symbols() {
    let sdfg = parse(CONTROL);
    let edge = edge_sets(&sdfg, &sdfg.cfg.edges[0]);
    assert_eq!(show(&edge), "reads A[N - 1]; writes ");
    let branch = block_sets(&sdfg, block(&sdfg, "if"));
    assert_eq!(show(&branch), "reads A[k]; writes B[k]");
    // `k` is assigned inside the SDFG: from outside, only the whole
    // dimension is known. (A[N - 1] stays: N may be 0.)
    let whole = sdfg_sets(&sdfg);
    assert_eq!(show(&whole), "reads A[0:N], A[N - 1], x; writes B[0:N], C[0:N]");
}

const NESTED: &str = r#"
sdfg.sdfg "outer" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "M" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, M>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %n = sdfg.nested "f" attributes {ins = {a}, outs = {b}, symbol_mapping = #sdfg.symbols<K = M>} {
        sdfg.sdfg "f" ["a", "b"] {
          sdfg.symbol "K" {dtype = #sdfg.dtype<int32>}
          sdfg.array "a" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<K>}
          sdfg.array "b" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
          %body = sdfg.state "body" {
            %a = sdfg.access "a"
            %t = sdfg.tasklet "t" {code = "y = x", ins = {x}, outs = {y}}
            %b = sdfg.access "b"
            sdfg.memlet %a -> %t["x"] {data = "a", subset = #sdfg.range<1:K>}
            sdfg.memlet %t["y"] -> %b {data = "b", subset = #sdfg.range<0>}
          }
        }
      }
      sdfg.memlet %entry["OUT_A"] -> %n["a"] {data = "A", subset = #sdfg.range<i, 0:M>}
      sdfg.memlet %n["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:M>}
    sdfg.memlet %mx["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
  }
}
"#;

#[test]
fn nested_sdfgs_map_their_own_sets_through_the_connector_memlets() {
    let sdfg = parse(NESTED);
    // The inner SDFG reads a[1:K]: the row window A[i, 0:M] with the unit
    // dimension squeezed, K = M, then widened over the map.
    let sets = state_sets(&sdfg, state(&sdfg, "s"));
    assert_eq!(show(&sets), "reads A[0:N, 1:M]; writes B[0:N]");
}

#[test]
fn dependences_need_overlapping_subsets_of_the_same_data() {
    let sdfg = parse(MAPS);
    let mut first = RwSets::default();
    first.write("A", Some(subset("0:5")), false);
    let mut second = RwSets::default();
    second.read("A", Some(subset("5:10")));
    assert!(!conflict(&sdfg, &first, &second));
    second.read("A", Some(subset("4")));
    let found = dependences(&sdfg, &first, &second);
    assert_eq!(found, [Dependence { first: "A".into(), second: "A".into(), kind: DependenceKind::ReadAfterWrite }]);
    // Two WCR writes of one element: each reads the other's result.
    let mut a = RwSets::default();
    a.write("B", Some(subset("0")), true);
    let kinds: Vec<DependenceKind> = dependences(&sdfg, &a, &a).into_iter().map(|d| d.kind).collect();
    assert_eq!(kinds, [DependenceKind::ReadAfterWrite, DependenceKind::WriteAfterRead, DependenceKind::WriteAfterWrite]);
    // Different containers only depend through references.
    let mut r = RwSets::default();
    r.read("B", None);
    assert!(!conflict(&sdfg, &first, &r));
}

#[test]
fn references_may_alias_anything() {
    let mut sdfg = parse(MAPS);
    let mut reference = sdfg.container("A").unwrap().clone();
    reference.kind = crate::model::DataKind::Reference;
    sdfg.containers.push(("R".into(), reference));
    let (mut w, mut r) = (RwSets::default(), RwSets::default());
    w.write("R", None, false);
    r.read("B", Some(subset("0")));
    assert_eq!(dependences(&sdfg, &w, &r).len(), 1);
}

#[test]
fn overlap_is_only_ruled_out_when_provable() {
    let o = |a: &str, b: &str| may_overlap(Some(&subset(a)), Some(&subset(b)));
    assert!(!o("i", "i + 1"));
    assert!(!o("0:N, 0", "0:N, 1"));
    assert!(o("0:N", "N - 1"));
    assert!(o("i", "j"));
    assert!(o("0:4", "0:4, 0"));
    assert!(may_overlap(None, Some(&subset("3"))));
}

#[test]
fn contained_accesses_merge_into_the_larger_one() {
    let mut s = RwSets::default();
    s.read("A", Some(subset("2:4")));
    s.read("A", Some(subset("0:8")));
    s.read("A", Some(subset("3")));
    s.write("A", Some(subset("0:8")), true);
    s.write("A", Some(subset("1")), false);
    assert_eq!(show(&s), "reads A[0:8]; writes A[0:8] (wcr), A[1]");
    s.read("A", None);
    assert_eq!(format_accesses(&s.reads), "A");
}

#[test]
fn blocks_depend_through_the_data_both_touch() {
    let sdfg = parse(CONTROL);
    let (for_loop, while_loop, branch) = (block(&sdfg, "for"), block(&sdfg, "while"), block(&sdfg, "if"));
    assert!(block_dependences(&sdfg, for_loop, while_loop).is_empty());
    // B[2:N - 1] and B[k]: `k` is unknown, so they may overlap; A is only read.
    let found = block_dependences(&sdfg, for_loop, branch);
    assert_eq!(found, [Dependence { first: "B".into(), second: "B".into(), kind: DependenceKind::WriteAfterWrite }]);
}
