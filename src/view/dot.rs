//! An SDFG as a Graphviz DOT graph, with DaCe's shapes: states and
//! control-flow regions are clusters (loops and conditional branches
//! labelled with their code), interstate edges join them (labelled with
//! their condition and assignments); inside a state, access nodes are
//! ellipses (transients dashed), tasklets octagons (code as tooltip), map
//! and consume entries and exits trapezoids (parameters, range, schedule),
//! library nodes folders, nested SDFGs clusters holding their own graph;
//! memlets are edges labelled `data[subset]` (volume and WCR when given).
//!
//! Every element carries `id` (its place: `b2/b0` is block 0 of region 2,
//! `b2/b0/n5` node 5 of that state, `.../e3` its memlet 3, `.../i1`
//! interstate edge 1 of a region) and `class` (`state`, `region`,
//! `interstate-edge`, `access`, `tasklet`, `map-entry`, `map-exit`,
//! `consume-entry`, `consume-exit`, `library`, `nested-sdfg`, `memlet`),
//! which Graphviz writes into its SVG.
//!
//! ```text
//! state "s" { A -> map -> tasklet -> ... }   =>   subgraph "cluster_b0" { id="b0"; class="state"; label="s";
//!                                                   "b0/n0" [shape=ellipse, class="access", label="A"]; ... }
//! ```

use crate::model::{Block, BlockKind, Cfg, NodeKind, Sdfg, State};
use std::fmt::Write;

/// The DOT text of `sdfg`.
pub fn to_dot(sdfg: &Sdfg) -> String {
    let mut d = Dot::new(&sdfg.name);
    d.cfg(sdfg, &sdfg.cfg, "");
    d.finish()
}

/// One picture of a large SDFG drawn in parts: `id` is the block it shows
/// the inside of (`""` for the SDFG's own control flow).
pub struct View {
    pub id: String,
    pub title: String,
    pub dot: String,
}

/// `sdfg` as pictures that each stay small enough for Graphviz: a control
/// flow with more than `limit` elements shows its blocks as boxes (an
/// overview), and each block's inside is a picture of its own (drawn the
/// same way, recursively). Every element is drawn in exactly one picture.
/// Below `limit`, one picture, the same as [`to_dot`].
pub fn views(sdfg: &Sdfg, limit: usize) -> Vec<View> {
    let mut out = Vec::new();
    level(sdfg, &sdfg.cfg, "", &sdfg.name, limit, &mut out);
    out
}

fn level(sdfg: &Sdfg, cfg: &Cfg, id: &str, title: &str, limit: usize, out: &mut Vec<View>) {
    let prefix = if id.is_empty() { String::new() } else { format!("{id}/") };
    let mut d = Dot::new(title);
    if cfg.blocks.len() <= 1 || cfg_size(cfg) <= limit {
        d.cfg(sdfg, cfg, &prefix);
        out.push(View { id: id.to_string(), title: title.to_string(), dot: d.finish() });
        return;
    }
    d.overview(cfg, &prefix);
    out.push(View { id: id.to_string(), title: title.to_string(), dot: d.finish() });
    for (i, block) in cfg.blocks.iter().enumerate() {
        let bid = format!("{prefix}b{i}");
        match &block.kind {
            BlockKind::State(state) => {
                let mut d = Dot::new(&block.label);
                d.state(sdfg, state, &format!("{bid}/"));
                out.push(View { id: bid, title: block.label.clone(), dot: d.finish() });
            }
            BlockKind::Region { cfg, .. } => level(sdfg, cfg, &bid, &block.label, limit, out),
            BlockKind::Loop(l) => level(sdfg, &l.cfg, &bid, &block.label, limit, out),
            BlockKind::Conditional(branches) => {
                let mut d = Dot::new(&block.label);
                d.branches(sdfg, branches, &bid);
                out.push(View { id: bid, title: block.label.clone(), dot: d.finish() });
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {}
        }
    }
}

/// Drawn elements of a control flow (blocks, edges, nodes, memlets), nested
/// SDFGs included.
fn cfg_size(cfg: &Cfg) -> usize {
    cfg.edges.len()
        + cfg
            .blocks
            .iter()
            .map(|b| {
                1 + match &b.kind {
                    BlockKind::State(s) => s.edges.len() + s.nodes.iter().map(node_size).sum::<usize>(),
                    BlockKind::Region { cfg, .. } => cfg_size(cfg),
                    BlockKind::Loop(l) => cfg_size(&l.cfg),
                    BlockKind::Conditional(brs) => brs.iter().map(|b| 1 + cfg_size(&b.cfg)).sum(),
                    BlockKind::Break | BlockKind::Continue | BlockKind::Return => 0,
                }
            })
            .sum::<usize>()
}

fn node_size(node: &crate::model::Node) -> usize {
    match &node.kind {
        NodeKind::NestedSdfg { sdfg, .. } => 1 + cfg_size(&sdfg.cfg),
        _ => 1,
    }
}

struct Dot {
    out: String,
}

impl Dot {
    fn new(name: &str) -> Self {
        let mut d = Dot { out: String::new() };
        let _ = writeln!(d.out, "digraph {} {{", quote(name));
        d.line("compound=true; newrank=true; fontname=\"sans-serif\"; node [fontname=\"sans-serif\", fontsize=10]; edge [fontname=\"sans-serif\", fontsize=9];");
        d
    }

    fn finish(mut self) -> String {
        self.out.push_str("}\n");
        self.out
    }

    /// The blocks of `cfg` as boxes (their insides drawn elsewhere) and its
    /// interstate edges between them.
    fn overview(&mut self, cfg: &Cfg, prefix: &str) {
        for (i, block) in cfg.blocks.iter().enumerate() {
            let id = format!("{prefix}b{i}");
            let (class, style) = match block.kind {
                BlockKind::State(_) => ("state", "filled"),
                _ => ("region", "rounded,filled"),
            };
            let label = match block.kind {
                BlockKind::Break => "break",
                BlockKind::Continue => "continue",
                BlockKind::Return => "return",
                _ => &block.label,
            };
            let _ = writeln!(
                self.out,
                "{} [id={}, class=\"{class}\", shape=box, style=\"{style}\", fillcolor=\"#eeeeee\", label={}];",
                quote(&id),
                quote(&id),
                quote(label)
            );
        }
        for (k, e) in cfg.edges.iter().enumerate() {
            let _ = writeln!(
                self.out,
                "{} -> {} [id={}, class=\"interstate-edge\", label={}];",
                quote(&format!("{prefix}b{}", e.src)),
                quote(&format!("{prefix}b{}", e.dst)),
                quote(&format!("{prefix}i{k}")),
                quote(&edge_label(e))
            );
        }
    }

    /// The branches of a conditional block `id`, each a cluster.
    fn branches(&mut self, sdfg: &Sdfg, branches: &[crate::model::Branch], id: &str) {
        for (b, branch) in branches.iter().enumerate() {
            let bid = format!("{id}/c{b}");
            let label = branch.condition.as_ref().map(|c| format!("if {}", c.code().code)).unwrap_or_else(|| "else".into());
            self.open_cluster(&bid, "region", &label, "style=dashed");
            self.cfg(sdfg, &branch.cfg, &format!("{bid}/"));
            self.line("}");
        }
    }
    fn line(&mut self, s: &str) {
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// The blocks and interstate edges of `cfg`, ids under `prefix`.
    fn cfg(&mut self, sdfg: &Sdfg, cfg: &Cfg, prefix: &str) {
        for (i, block) in cfg.blocks.iter().enumerate() {
            self.block(sdfg, block, &format!("{prefix}b{i}"));
        }
        for (k, e) in cfg.edges.iter().enumerate() {
            let (src, dst) = (format!("{prefix}b{}", e.src), format!("{prefix}b{}", e.dst));
            let ends = format!("{}{}", ends("ltail", &cfg.blocks[e.src], &src), ends("lhead", &cfg.blocks[e.dst], &dst));
            let _ = writeln!(
                self.out,
                "{} -> {} [id={}, class=\"interstate-edge\", label={}{ends}];",
                quote(&anchor(&cfg.blocks[e.src], &src)),
                quote(&anchor(&cfg.blocks[e.dst], &dst)),
                quote(&format!("{prefix}i{k}")),
                quote(&edge_label(e))
            );
        }
    }

    fn block(&mut self, sdfg: &Sdfg, block: &Block, id: &str) {
        let inner = format!("{id}/");
        match &block.kind {
            BlockKind::State(state) => {
                self.open_cluster(id, "state", &block.label, "");
                self.state(sdfg, state, &inner);
                self.line("}");
            }
            BlockKind::Region { cfg, .. } => {
                self.open_cluster(id, "region", &block.label, "style=rounded");
                self.cfg(sdfg, cfg, &inner);
                self.line("}");
            }
            BlockKind::Loop(l) => {
                let mut header = vec![block.label.clone()];
                let code = |s: &Option<crate::model::LoopStatements>| s.as_ref().map(|s| s.code().code.clone()).unwrap_or_default();
                let cond = l.condition.as_ref().map(|c| c.code().code.clone()).unwrap_or_default();
                header.push(format!("for {}; {}; {}", code(&l.init), cond, code(&l.update)));
                self.open_cluster(id, "region", &header.join("\n"), "style=rounded");
                self.cfg(sdfg, &l.cfg, &inner);
                self.line("}");
            }
            BlockKind::Conditional(branches) => {
                self.open_cluster(id, "region", &block.label, "style=rounded");
                self.branches(sdfg, branches, id);
                self.line("}");
            }
            BlockKind::Break | BlockKind::Continue | BlockKind::Return => {
                let what = match block.kind {
                    BlockKind::Break => "break",
                    BlockKind::Continue => "continue",
                    _ => "return",
                };
                let _ = writeln!(self.out, "{} [id={}, class=\"region\", shape=box, style=rounded, label={}];", quote(id), quote(id), quote(what));
            }
        }
    }

    /// Opens a cluster with an invisible anchor node that edges attach to.
    fn open_cluster(&mut self, id: &str, class: &str, label: &str, style: &str) {
        let style = if style.is_empty() { String::new() } else { format!(" {style};") };
        let _ = writeln!(self.out, "subgraph {} {{ id={}; class={}; label={};{style}", quote(&format!("cluster_{id}")), quote(id), quote(class), quote(label));
        let _ = writeln!(self.out, "{} [shape=point, style=invis, label=\"\"];", quote(&format!("{id}/anchor")));
    }

    fn state(&mut self, sdfg: &Sdfg, state: &State, prefix: &str) {
        for (n, node) in state.nodes.iter().enumerate() {
            let id = format!("{prefix}n{n}");
            let attrs = match &node.kind {
                NodeKind::Access { data, .. } => {
                    let transient = sdfg.container(data).is_some_and(|d| d.transient);
                    format!("shape=ellipse, label={}{}", quote(data), if transient { ", style=dashed" } else { "" })
                }
                NodeKind::Tasklet { code } => format!("shape=octagon, label={}, tooltip={}", quote(&node.label), quote(&code.code)),
                NodeKind::MapEntry { map, .. } => {
                    let label = format!("{}[{}={}]\n{}", node.label, map.params.join(", "), map.range, map.schedule.as_str());
                    format!("shape=trapezium, label={}", quote(&label))
                }
                NodeKind::MapExit { .. } => format!("shape=invtrapezium, label={}", quote(&node.label)),
                NodeKind::ConsumeEntry { consume, .. } => {
                    let label = format!("{}[{}=0:{}]\n{}", node.label, consume.pe_index, consume.num_pes, consume.schedule.as_str());
                    format!("shape=trapezium, style=dashed, label={}", quote(&label))
                }
                NodeKind::ConsumeExit { .. } => format!("shape=invtrapezium, style=dashed, label={}", quote(&node.label)),
                NodeKind::Library(lib) => {
                    format!("shape=folder, label={}", quote(&format!("{}\n({})", node.label, short_class(lib.class_name()))))
                }
                NodeKind::NestedSdfg { sdfg: inner, .. } => {
                    self.open_cluster(&id, "nested-sdfg", &node.label, "style=bold");
                    self.cfg(inner, &inner.cfg, &format!("{id}/"));
                    self.line("}");
                    continue;
                }
            };
            let _ = writeln!(self.out, "{} [id={}, class=\"{}\", {attrs}];", quote(&id), quote(&id), super::node_kind(&node.kind));
        }
        for (k, e) in state.edges.iter().enumerate() {
            let (src, dst) = (format!("{prefix}n{}", e.src), format!("{prefix}n{}", e.dst));
            let nested = |i: usize| matches!(state.nodes[i].kind, NodeKind::NestedSdfg { .. });
            let end = |i: usize, id: &str| if nested(i) { format!("{id}/anchor") } else { id.to_string() };
            let mut ends = String::new();
            if nested(e.src) {
                ends += &format!(", ltail={}", quote(&format!("cluster_{src}")));
            }
            if nested(e.dst) {
                ends += &format!(", lhead={}", quote(&format!("cluster_{dst}")));
            }
            let m = &e.memlet;
            let (label, style) = match &m.data {
                None => (String::new(), ", style=dashed"),
                Some(data) => {
                    let mut label = data.clone();
                    if let Some(s) = &m.subset {
                        let _ = write!(label, "[{s}]");
                    }
                    if let Some(v) = &m.volume {
                        let _ = write!(label, " ({v}{})", if m.dynamic { ", dynamic" } else { "" });
                    }
                    if let Some(w) = &m.wcr {
                        let _ = write!(label, "\nCR: {}", w.text());
                    }
                    (label, "")
                }
            };
            let _ = writeln!(
                self.out,
                "{} -> {} [id={}, class=\"memlet\", label={}{style}{ends}];",
                quote(&end(e.src, &src)),
                quote(&end(e.dst, &dst)),
                quote(&format!("{prefix}e{k}")),
                quote(&label)
            );
        }
    }
}

/// An interstate edge's condition and assignments, a line each.
fn edge_label(e: &crate::model::InterstateEdge) -> String {
    let mut label: Vec<String> = e.condition.iter().map(|c| c.code().code.clone()).collect();
    label.extend(e.assignments.iter().map(|a| format!("{} = {}", a.symbol, a.value())));
    label.join("\n")
}

/// The node an interstate edge attaches to: a cluster's anchor, or the
/// block's own node.
fn anchor(block: &Block, id: &str) -> String {
    match block.kind {
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => id.to_string(),
        _ => format!("{id}/anchor"),
    }
}

/// `ltail`/`lhead` for an interstate edge at a cluster.
fn ends(which: &str, block: &Block, id: &str) -> String {
    match block.kind {
        BlockKind::Break | BlockKind::Continue | BlockKind::Return => String::new(),
        _ => format!(", {which}={}", quote(&format!("cluster_{id}"))),
    }
}

/// `dace.libraries.blas.nodes.matmul.MatMul` -> `MatMul`.
fn short_class(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

/// A DOT string: quotes and backslashes escaped, newlines as `\n`.
fn quote(s: &str) -> String {
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\r' => {}
            _ => q.push(c),
        }
    }
    q.push('"');
    q
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Elements of each kind in the SDFG, nested SDFGs included.
    fn count(sdfg: &Sdfg, cfg: &Cfg, n: &mut BTreeMap<&'static str, usize>) {
        *n.entry("interstate-edge").or_default() += cfg.edges.len();
        for block in &cfg.blocks {
            match &block.kind {
                BlockKind::State(state) => {
                    *n.entry("state").or_default() += 1;
                    *n.entry("memlet").or_default() += state.edges.len();
                    for node in &state.nodes {
                        if let NodeKind::NestedSdfg { sdfg: inner, .. } = &node.kind {
                            count(inner, &inner.cfg, n);
                        }
                        let kind = crate::view::node_kind(&node.kind);
                        *n.entry(kind).or_default() += 1;
                    }
                }
                BlockKind::Region { cfg, .. } => {
                    *n.entry("region").or_default() += 1;
                    count(sdfg, cfg, n);
                }
                BlockKind::Loop(l) => {
                    *n.entry("region").or_default() += 1;
                    count(sdfg, &l.cfg, n);
                }
                BlockKind::Conditional(branches) => {
                    *n.entry("region").or_default() += 1 + branches.len();
                    for b in branches {
                        count(sdfg, &b.cfg, n);
                    }
                }
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => *n.entry("region").or_default() += 1,
            }
        }
    }

    #[test]
    fn every_element_of_every_corpus_sdfg_is_drawn_once() {
        for path in crate::json::tests::corpus_files() {
            let sdfg = crate::json::import_file(&path).expect("corpus file imports");
            let mut want = BTreeMap::new();
            count(&sdfg, &sdfg.cfg, &mut want);
            let dot = to_dot(&sdfg);
            for (kind, n) in want {
                let drawn = dot.matches(&format!("class=\"{kind}\"")).count();
                assert_eq!(drawn, n, "{}: {kind}", path.display());
            }
            let ids: Vec<&str> = dot.lines().filter_map(|l| l.split("id=\"").nth(1)?.split('"').next()).collect();
            let unique: std::collections::HashSet<&&str> = ids.iter().collect();
            assert_eq!(unique.len(), ids.len(), "{}: ids repeat", path.display());
        }
    }

    #[test]
    fn labels_are_quoted() {
        assert_eq!(quote("a \"b\"\\\nc"), "\"a \\\"b\\\"\\\\\\nc\"");
    }
}
