//! Negative tests for control flow, containers and nested SDFGs.

use super::tests::*;
use crate::model::*;

fn istate(label: &str) -> Block {
    state_block(label, map_state())
}

fn iedge(src: usize, dst: usize, cond: Option<&str>, assign: &[(&str, &str)]) -> InterstateEdge {
    InterstateEdge {
        src,
        dst,
        condition: cond.map(Condition::python),
        assignments: assign.iter().map(|(a, b)| Assignment::new(*a, *b)).collect(),
        extra: Extra::new(),
        loc: loc(&format!("edges[{src}->{dst}]")),
    }
}

fn region(label: &str, kind: BlockKind) -> Block {
    Block { label: label.into(), kind, extra: Extra::new(), loc: loc(label) }
}

fn simple_loop(var: &str, body: Vec<Block>) -> BlockKind {
    BlockKind::Loop(LoopRegion {
        cfg: Cfg { blocks: body, edges: vec![], start_block: None },
        loop_variable: var.into(),
        init: Some(LoopStatements::python(format!("{var} = 0"))),
        condition: Some(Condition::python(format!("({var} < N)"))),
        update: Some(LoopStatements::python(format!("{var} = ({var} + 1)"))),
        inverted: false,
        update_before_condition: true,
    })
}

#[test]
fn interstate_edges() {
    let mut sdfg = sdfg_with(
        vec![istate("s0"), istate("s1")],
        vec![
            iedge(0, 1, Some("(i < N) and x[0]"), &[("i", "A[0] + K"), ("9x", "1")]),
            iedge(1, 5, Some("(i <"), &[]),
        ],
    );
    sdfg.cfg.start_block = Some(3);
    sdfg.containers.push(("x".into(), array(&["1"])));
    sdfg.symbols.push(("i".into(), crate::model::ScalarType::I64));
    let msgs = messages(&sdfg);
    assert_has(&msgs, "start block 3 of 'prog' does not exist (2 blocks)");
    assert_has(&msgs, "interstate edge destination 5 does not exist (2 blocks)");
    assert_has(&msgs, "interstate edge assigns to invalid symbol name '9x'");
    assert_has(&msgs, "undefined symbol 'K' in assignment to 'i'");
    assert!(msgs.iter().any(|m| m.starts_with("interstate edge condition '(i <' does not parse")), "{msgs:#?}");
    // Names assigned on edges count as defined even when undeclared (DaCe adds them).
    let sdfg = sdfg_with(
        vec![istate("s0"), istate("s1"), istate("s2")],
        vec![iedge(0, 1, Some("True"), &[("flag", "1")]), iedge(1, 2, Some("flag == 1"), &[])],
    );
    assert_eq!(messages(&sdfg), Vec::<String>::new());
}

#[test]
fn blocks_and_reachability() {
    let sdfg = sdfg_with(vec![istate("s0"), istate("s1"), istate("")], vec![iedge(0, 1, None, &[])]);
    let msgs = messages(&sdfg);
    assert_has(&msgs, "state '' is unreachable");
    assert_has(&msgs, "state has an empty label");
    assert_has(&msgs, "start block of 'prog' is ambiguous");
}

#[test]
fn loops_breaks_and_branches() {
    let branch = |cond: Option<&str>, blocks: Vec<Block>| Branch {
        condition: cond.map(Condition::python),
        label: "b".into(),
        cfg: Cfg { blocks, edges: vec![], start_block: None },
        extra: Extra::new(),
        loc: loc("branch"),
    };
    let good_loop = simple_loop(
        "i",
        vec![region(
            "if",
            BlockKind::Conditional(vec![
                branch(Some("i > 2"), vec![region("brk", BlockKind::Break)]),
                branch(None, vec![region("cont", BlockKind::Continue)]),
            ]),
        )],
    );
    let mut sdfg = sdfg_with(vec![region("loop", good_loop)], vec![]);
    sdfg.symbols.push(("i".into(), crate::model::ScalarType::I64));
    assert_eq!(messages(&sdfg), Vec::<String>::new());

    let mut bad_loop = simple_loop("j", vec![istate("body")]);
    if let BlockKind::Loop(l) = &mut bad_loop {
        l.init = Some(LoopStatements::python("j == 0"));
    }
    let cond = BlockKind::Conditional(vec![
        branch(None, vec![region("brk", BlockKind::Break)]),
        branch(Some("M > 0"), vec![istate("s")]),
    ]);
    let sdfg = sdfg_with(
        vec![region("loop", bad_loop), region("if", cond), region("c", BlockKind::Continue)],
        vec![iedge(0, 1, None, &[]), iedge(1, 2, None, &[])],
    );
    let msgs = messages(&sdfg);
    assert_has(&msgs, "loop variable 'j' of loop 'loop' is not a declared symbol");
    assert_has(&msgs, "loop init statement 'j == 0' is not an assignment");
    assert_has(&msgs, "branch 0 of conditional 'if' has no condition but is not the last");
    assert_has(&msgs, "undefined symbol 'M' in branch condition");
    assert_has(&msgs, "break 'brk' is not inside a loop");
    assert_has(&msgs, "continue 'c' is not inside a loop");
}

#[test]
fn containers() {
    let mut sdfg = good_sdfg();
    let mut scalar = array(&["2"]);
    scalar.kind = DataKind::Scalar;
    let mut weird = array(&["-3", "K"]);
    weird.strides = Some(vec![e("1")]);
    weird.storage = Storage::Register;
    weird.lifetime = Lifetime::Persistent;
    weird.buffer_size = Some(e("4"));
    weird.transient = true;
    sdfg.containers.push(("s".into(), scalar));
    sdfg.containers.push(("w".into(), weird));
    sdfg.containers.push(("1bad".into(), array(&["1"])));
    sdfg.arg_names = vec!["A".into(), "w".into(), "Z".into()];
    let msgs = messages(&sdfg);
    for want in [
        "scalar 's' must have shape [1]",
        "container 'w' has 1 strides for 2 dimensions",
        "container 'w' has negative size -3 in dimension 0",
        "container 'w' has persistent lifetime in register storage",
        "container 'w' is not a stream but has a buffer size",
        "undefined symbol 'K' in the layout of container 'w'",
        "invalid container name '1bad'",
        "argument 'w' names transient container 'w'",
        "argument 'Z' is neither a container nor a symbol of this sdfg",
    ] {
        assert_has(&msgs, want);
    }
}

/// An SDFG whose one state calls `inner` on `A` -> `B`.
fn calling(inner: Sdfg, mapping: Vec<(&str, &str)>) -> Sdfg {
    let nested = NodeKind::NestedSdfg {
        sdfg: Box::new(inner),
        symbol_mapping: mapping.into_iter().map(|(k, v)| (k.to_string(), e(v))).collect(),
    };
    let s = State {
        nodes: vec![access("A", "n0"), node("call", nested, &["A"], &["B"], "n1"), access("B", "n2")],
        edges: vec![
            edge(0, None, 1, Some("A"), Some(("A", range(&[("0", "N - 1")])))),
            edge(1, Some("B"), 2, None, Some(("B", range(&[("0", "N - 1")])))),
        ],
    };
    sdfg_with(vec![state_block("outer", s)], vec![])
}

#[test]
fn nested_sdfgs() {
    assert_eq!(messages(&calling(good_sdfg(), vec![("N", "N")])), Vec::<String>::new());
    // DaCe leaves stale `arg_names` on nested SDFGs whose containers it renamed.
    let mut stale = good_sdfg();
    stale.arg_names = vec!["renamed_away".into()];
    assert_eq!(messages(&calling(stale, vec![("N", "N")])), Vec::<String>::new());

    let mut inner = good_sdfg();
    inner.containers.get_mut("B").expect("B").transient = true; // B: connected but transient
    inner.containers.push(("C".into(), array(&["M"]))); // non-transient, unconnected
    inner.symbols.push(("M".into(), crate::model::ScalarType::I32));
    let BlockKind::State(s) = &mut inner.cfg.blocks[0].kind else { unreachable!() };
    s.nodes[0].kind = NodeKind::Access { data: "Q".into(), setzero: false }; // inner error
    let msgs = messages(&calling(inner, vec![("N", "K")]));
    assert_has(&msgs, "connector 'B' of nested sdfg 'call' names a transient container");
    assert_has(&msgs, "non-transient container 'C' of nested sdfg 'call' is not connected");
    assert_has(&msgs, "missing symbols on nested sdfg 'call': M");
    assert_has(&msgs, "undefined symbol 'K' in symbol mapping 'N' of nested sdfg 'call'");
    assert_has(&msgs, "access node data 'Q' is not a container of this sdfg");

    // Writing an input-only container inside.
    let outer = calling(good_sdfg(), vec![("N", "N")]);
    let mut sdfg = outer.clone();
    let BlockKind::State(s) = &mut sdfg.cfg.blocks[0].kind else { unreachable!() };
    let NodeKind::NestedSdfg { sdfg: inner, .. } = &mut s.nodes[1].kind else { unreachable!() };
    let BlockKind::State(is) = &mut inner.cfg.blocks[0].kind else { unreachable!() };
    is.nodes[4].kind = NodeKind::Access { data: "A".into(), setzero: false };
    is.edges[2].memlet.data = Some("A".into());
    is.edges[3].memlet.data = Some("A".into());
    assert_has(&messages(&sdfg), "container 'A' is written inside nested sdfg 'call' but is only an input");
}

/// Corpus files stay valid, and known breakages of them are caught.
#[test]
fn corpus_mutations_are_caught() {
    let dir = super::tests::corpus_dir();
    let mut sdfg = crate::json::import_file(&dir.join("nested_call.frontend.sdfg")).expect("corpus file");
    assert_eq!(messages(&sdfg), Vec::<String>::new());
    // Drop every symbol mapping: DaCe reports "Missing symbols on nested SDFG".
    fn clear(cfg: &mut Cfg) -> usize {
        let mut n = 0;
        for b in &mut cfg.blocks {
            match &mut b.kind {
                BlockKind::State(s) => {
                    for node in &mut s.nodes {
                        if let NodeKind::NestedSdfg { symbol_mapping, .. } = &mut node.kind {
                            symbol_mapping.clear();
                            n += 1;
                        }
                    }
                }
                BlockKind::Region { cfg, .. } => n += clear(cfg),
                BlockKind::Loop(l) => n += clear(&mut l.cfg),
                _ => {}
            }
        }
        n
    }
    assert!(clear(&mut sdfg.cfg) > 0);
    let msgs = messages(&sdfg);
    assert!(msgs.iter().any(|m| m.starts_with("missing symbols on nested sdfg")), "{msgs:#?}");
}
