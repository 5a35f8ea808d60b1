//! Negative tests for states, scopes, connectors, memlets and symbols.

use super::tests::*;
use crate::model::*;

/// Replaces the single state of `good_sdfg` after `edit`.
fn with_state(edit: impl FnOnce(&mut State)) -> Vec<String> {
    let mut s = map_state();
    edit(&mut s);
    messages(&sdfg_with(vec![state_block("s0", s)], vec![]))
}

#[test]
fn bad_indices_are_diagnosed_not_panics() {
    let msgs = with_state(|s| {
        s.edges.push(edge(99, None, 1, None, None));
        s.edges.push(edge(0, None, 7, None, None));
        if let NodeKind::MapEntry { exit, .. } = &mut s.nodes[1].kind {
            *exit = 42;
        }
    });
    assert_has(&msgs, "edge source 99 does not exist in state 's0' (5 nodes)");
    assert_has(&msgs, "edge destination 7 does not exist in state 's0' (5 nodes)");
    assert_has(&msgs, "map 'm' has no matching exit");
    assert_has(&msgs, "map exit 'm' has no matching entry");
}

#[test]
fn connectors() {
    let msgs = with_state(|s| {
        s.edges[1].dst_conn = Some("x".into()); // undeclared, and leaves 'a' dangling
        s.nodes[3].in_connectors.push(("c".into(), None));
        s.edges.push(edge(1, Some("OUT_A"), 3, Some("c"), Some(("A", range(&[("i", "i")])))));
        s.edges.push(edge(1, Some("OUT_A"), 3, Some("c"), Some(("A", range(&[("i", "i")])))));
        s.nodes[1].in_connectors.push(("IN_Z".into(), None));
        s.nodes.push(access("B", "n5"));
    });
    assert_has(&msgs, "edge enters tasklet 't' through undeclared connector 'x'");
    assert_has(&msgs, "tasklet 't' has dangling in-connector 'a'");
    assert_has(&msgs, "in-connector 'c' of tasklet 't' has 2 incoming edges");
    assert_has(&msgs, "map 'm' has in-connector 'IN_Z' without 'OUT_Z'");
    assert_has(&msgs, "map 'm' has dangling in-connector 'IN_Z'");
    assert_has(&msgs, "access node 'B' is isolated");
}

#[test]
fn node_rules() {
    let msgs = with_state(|s| {
        s.nodes[3].label = String::new();
        s.nodes[3].kind = NodeKind::Tasklet { code: CodeBlock { code: "b = a".into(), language: "Rust".into() } };
        if let NodeKind::MapEntry { map, .. } = &mut s.nodes[1].kind {
            map.params.push("j".into());
        }
        s.nodes[4].kind = NodeKind::Access { data: "C".into(), setzero: false };
    });
    assert_has(&msgs, "invalid tasklet name ''");
    assert_has(&msgs, "tasklet '' has unknown language 'Rust'");
    assert_has(&msgs, "map 'm' has 2 parameters but 1 range dimensions");
    assert_has(&msgs, "access node data 'C' is not a container of this sdfg");
}

#[test]
fn memlet_data_and_dimensions() {
    let msgs = with_state(|s| {
        s.edges[0].memlet.data = Some("Q".into());
        s.edges[1].memlet.subset = Some(range(&[("i", "i"), ("0", "0")]));
        s.edges[3].memlet.data = Some("A".into());
        s.edges[3].memlet.subset = Some(range(&[("0", "N - 1")]));
    });
    assert_has(&msgs, "memlet data 'Q' is not a container of this sdfg");
    assert_has(&msgs, "memlet subset of 'A' has 2 dimensions, the container has 1");
    assert_has(&msgs, "memlet data 'A' is neither end of its path ('B')");
}

#[test]
fn memlet_bounds() {
    let msgs = with_state(|s| {
        s.edges[0].memlet.subset = Some(range(&[("-1", "N - 1")]));
        s.edges[3].memlet.subset = Some(range(&[("0", "N")]));
    });
    assert_has(&msgs, "memlet subset of 'A' is out of bounds: dimension 0 starts at -1");
    assert_has(&msgs, "memlet subset of 'B' is out of bounds: dimension 0 ends at N of size N");
    // `allow_oob` and dynamic memlets skip the bounds rule, as in DaCe.
    let msgs = with_state(|s| {
        s.edges[0].memlet.subset = Some(range(&[("-1", "N - 1")]));
        s.edges[0].memlet.extra.insert("allow_oob".into(), serde_json::Value::Bool(true));
        s.edges[3].memlet.subset = Some(range(&[("0", "N")]));
        s.edges[3].memlet.dynamic = true;
    });
    assert_eq!(msgs, Vec::<String>::new());
}

#[test]
fn copies_between_access_nodes() {
    let mut s = State {
        nodes: vec![access("A", "n0"), access("B", "n1")],
        edges: vec![edge(0, None, 1, None, Some(("A", range(&[("0", "4")]))))],
    };
    s.edges[0].memlet.other_subset = Some(range(&[("0", "2"), ("0", "0")]));
    let msgs = messages(&sdfg_with(vec![state_block("s0", s.clone())], vec![]));
    assert_has(&msgs, "memlet other_subset has 2 dimensions, 'B' has 1");
    s.edges[0].memlet.other_subset = Some(range(&[("0", "2")]));
    let mut sdfg = sdfg_with(vec![state_block("s0", s)], vec![]);
    sdfg.containers.get_mut("A").expect("A").shape = vec![e("10")];
    sdfg.containers.get_mut("B").expect("B").shape = vec![e("10")];
    assert_has(&messages(&sdfg), "memlet copies 5 elements of 'A' into 3 elements of 'B'");
}

#[test]
fn undefined_symbols_in_state() {
    let msgs = with_state(|s| {
        s.edges[1].memlet.subset = Some(range(&[("i + K", "i + K")]));
        if let NodeKind::MapEntry { map, .. } = &mut s.nodes[1].kind {
            map.range = range(&[("0", "M - 1")]);
        }
        // `i` is a map parameter: outside the map it is undefined.
        s.edges[3].memlet.subset = Some(range(&[("i", "i")]));
    });
    assert_has(&msgs, "undefined symbol 'K' in memlet subset");
    assert_has(&msgs, "undefined symbol 'M' in range of map 'm'");
    assert_has(&msgs, "undefined symbol 'i' in memlet subset");
    // A range may use the parameters before it, not its own or later ones.
    let msgs = with_state(|s| {
        if let NodeKind::MapEntry { map, .. } = &mut s.nodes[1].kind {
            map.params = vec!["i".into(), "j".into(), "k".into()];
            map.range = range(&[("0", "9"), ("i", "k"), ("j", "9")]);
        }
    });
    assert_has(&msgs, "undefined symbol 'k' in range of map 'm'");
    assert!(!msgs.iter().any(|m| m.contains("symbol 'i' in range") || m.contains("symbol 'j' in range")), "{msgs:?}");
    // Dynamic map-range inputs and indirection through containers are defined.
    let msgs = with_state(|s| {
        s.nodes[1].in_connectors.push(("lo".into(), None));
        s.nodes.push(access("A", "n5"));
        s.edges.push(edge(5, None, 1, Some("lo"), Some(("A", range(&[("0", "0")])))));
        if let NodeKind::MapEntry { map, .. } = &mut s.nodes[1].kind {
            map.range = range(&[("lo", "N - 1")]);
        }
        s.edges[1].memlet.subset = Some(range(&[("i", "i")]));
        s.edges[2].memlet.subset = Some(range(&[("A[i] - A[i]", "A[i] - A[i]")]));
    });
    assert_eq!(msgs, Vec::<String>::new());
}

#[test]
fn cycles_and_scopes() {
    let msgs = with_state(|s| {
        s.edges.push(edge(4, None, 0, None, None));
    });
    assert_has(&msgs, "state 's0' has a cycle");
    // A tasklet fed from inside the map and from outside it.
    let msgs = with_state(|s| {
        s.nodes.push(tasklet("u", &["x", "y"], &[], "n5"));
        s.nodes[3].out_connectors.push(("c".into(), None));
        s.edges.push(edge(3, Some("c"), 5, Some("x"), None));
        s.edges.push(edge(0, None, 5, Some("y"), Some(("A", range(&[("0", "0")])))));
    });
    assert_has(&msgs, "state 's0': node 5 ('u') has inputs from different scopes");
}

#[test]
fn views_need_the_views_connector() {
    let mut sdfg = good_sdfg();
    let mut view = array(&["N"]);
    view.kind = DataKind::View;
    view.transient = true;
    sdfg.containers.push(("V".into(), view));
    let BlockKind::State(s) = &mut sdfg.cfg.blocks[0].kind else { unreachable!() };
    s.nodes.push(access("V", "n5"));
    s.nodes.push(access("A", "n6"));
    s.edges.push(edge(6, None, 5, None, Some(("A", range(&[("0", "N - 1")])))));
    assert_has(&messages(&sdfg), "view 'V' is not connected to the viewed data through its 'views' connector");
    let BlockKind::State(s) = &mut sdfg.cfg.blocks[0].kind else { unreachable!() };
    s.nodes[5].in_connectors.push(("views".into(), None));
    s.edges[4].dst_conn = Some("views".into());
    assert_eq!(messages(&sdfg), Vec::<String>::new());
}

#[test]
fn consume_needs_stream_connectors() {
    let consume = ConsumeScope {
        pe_index: "p".into(),
        num_pes: e("P"),
        condition: None,
        schedule: Schedule::Default,
        chunksize: 1,
    };
    let s = State {
        nodes: vec![
            node("c", NodeKind::ConsumeEntry { consume, exit: 1 }, &[], &[], "n0"),
            node("c", NodeKind::ConsumeExit { entry: 0 }, &[], &[], "n1"),
        ],
        edges: vec![edge(0, None, 1, None, None)],
    };
    let msgs = messages(&sdfg_with(vec![state_block("s0", s)], vec![]));
    assert_has(&msgs, "consume 'c' has no input stream connector 'IN_stream'");
    assert_has(&msgs, "consume 'c' has no internal stream connector 'OUT_stream'");
    assert_has(&msgs, "undefined symbol 'P' in pes of consume 'c'");
}
