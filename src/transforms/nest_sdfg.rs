//! NestSDFG: the whole SDFG becomes one nested SDFG node in a one-state
//! SDFG with the same arguments (DaCe's NestSDFG).
//!
//! ```mlir
//! sdfg.sdfg "f" ["A", "B"] {
//!   sdfg.array "T" {..., transient}
//!   %s0 = sdfg.state "s0" { ... reads A, writes T ... }
//!   %s1 = sdfg.state "s1" { ... reads T, writes B ... }
//!   sdfg.edge %s0 -> %s1
//! }
//! ```
//! becomes
//! ```mlir
//! sdfg.sdfg "f" ["A", "B"] {
//!   %f = sdfg.state "f" {
//!     %A = sdfg.access "A"
//!     %n = sdfg.nested "f" attributes {ins = {A}, outs = {B}, symbol_mapping = ...} {
//!       sdfg.sdfg "f" ["A", "B"] { ... T, s0, s1 as before ... }
//!     }
//!     %B = sdfg.access "B"
//!     sdfg.memlet %A -> %n["A"] {data = "A", subset = #sdfg.range<0:N>}
//!     sdfg.memlet %n["B"] -> %B {data = "B", subset = #sdfg.range<0:N>}
//!   }
//! }
//! ```
//! Arguments the SDFG reads (in code too) become inputs, those it writes
//! outputs, under their own names (DaCe renames them `__A_in`/`__A_out`);
//! arguments it neither reads nor writes stay declared outside only.
//! Transients move inside; symbols map to themselves, except those the
//! control flow assigns, which become the nested SDFG's own. Not applied
//! when an argument it uses is not a plain array or scalar (streams,
//! structures). Applied once per request: the result matches again.

use super::nest::{self, Interface};
use super::{Match, Options, Place, Transformation};
use crate::analysis::rwsets::{control_reads, sdfg_sets};
use crate::analysis::symbols::assigned;
use crate::model::{Block, BlockKind, Cfg, DataEdge, Node, NodeKind, Sdfg, State};
use std::collections::BTreeSet;

pub struct NestSdfg;

impl Transformation for NestSdfg {
    fn name(&self) -> &'static str {
        "sdfg-nest-sdfg"
    }

    fn summary(&self) -> &'static str {
        "Wrap the whole SDFG into a nested SDFG node in a one-state SDFG"
    }

    fn matches(&self, sdfg: &Sdfg) -> Vec<Match> {
        if interface(sdfg).is_none() {
            return Vec::new();
        }
        vec![Match { place: Place { state: Vec::new(), node: 0 }, description: format!("the whole SDFG '{}'", sdfg.name) }]
    }

    fn once_per_match(&self) -> bool {
        true
    }

    fn recurses(&self) -> bool {
        true
    }

    fn apply(&self, sdfg: &mut Sdfg, _m: &Match, _options: &Options) -> Result<(), String> {
        let (inputs, outputs, defined) = interface(sdfg).ok_or("match no longer applies")?;
        let private: Vec<String> = sdfg.containers.iter().filter(|(_, d)| d.transient).map(|(n, _)| n.clone()).collect();
        let io = Interface { inputs: &inputs, outputs: &outputs, private: &private, values: &[], defined: &defined };
        let cfg = std::mem::take(&mut sdfg.cfg);
        let node = nest::nested_cfg_node(sdfg, &sdfg.name, cfg, &io)?;
        let loc = sdfg.loc.clone();
        let mut state = State { nodes: vec![node], edges: Vec::new() };
        for name in &inputs {
            state.nodes.push(Node::new(name, NodeKind::Access { data: name.clone(), setzero: false }, &[] as &[&str], &[], &loc));
            let src = state.nodes.len() - 1;
            let memlet = nest::whole(sdfg, name);
            state.edges.push(DataEdge { src, src_conn: None, dst: 0, dst_conn: Some(name.clone()), memlet, loc: loc.clone() });
        }
        for name in &outputs {
            state.nodes.push(Node::new(name, NodeKind::Access { data: name.clone(), setzero: false }, &[] as &[&str], &[], &loc));
            let dst = state.nodes.len() - 1;
            let memlet = nest::whole(sdfg, name);
            state.edges.push(DataEdge { src: 0, src_conn: Some(name.clone()), dst, dst_conn: None, memlet, loc: loc.clone() });
        }
        let block = Block { label: sdfg.name.clone(), kind: BlockKind::State(state), extra: Default::default(), loc };
        sdfg.cfg = Cfg { blocks: vec![block], edges: Vec::new(), start_block: Some(0) };
        sdfg.containers.retain(|(_, d)| !d.transient);
        sdfg.symbols.retain(|(s, _)| !defined.contains(s));
        sdfg.experimental_blocks = false;
        Ok(())
    }
}

/// The arguments the SDFG reads, those it writes and the symbols its
/// control flow assigns, when all those arguments are plain and no
/// argument's shape uses an assigned symbol.
fn interface(sdfg: &Sdfg) -> Option<(Vec<String>, Vec<String>, Vec<String>)> {
    let mut sets = sdfg_sets(sdfg);
    sets.extend(&control_reads(sdfg));
    let argument = |n: &String| sdfg.container(n).is_some_and(|d| !d.transient);
    let inputs: Vec<String> = sets.dependence_reads().keys().map(|n| n.to_string()).filter(argument).collect();
    let outputs: Vec<String> = sets.writes.keys().filter(|n| argument(n)).cloned().collect();
    if inputs.iter().chain(&outputs).any(|n| !nest::plain(sdfg, n)) {
        return None;
    }
    let mut defined = BTreeSet::new();
    assigned(&sdfg.cfg, &mut defined);
    let in_arguments = sdfg.containers.iter().filter(|(_, d)| !d.transient).any(|(_, d)| {
        let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten()).chain(d.total_size.iter());
        exprs.into_iter().any(|e| e.free_symbols().iter().any(|s| defined.contains(s)))
    });
    if in_arguments {
        return None;
    }
    Some((inputs, outputs, defined.into_iter().collect()))
}
