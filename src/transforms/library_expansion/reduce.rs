//! `Reduce`: a map over the kept axes around a map over the reduced ones
//! (one map for a full reduction), writing the output with the Reduce's
//! WCR, after a map setting the output to the identity if there is one.

use super::nest::{Level, Nest, Port};
use super::{fresh, same, Init, Library, Plan};
use crate::model::{identity_code, LibraryClass};

pub fn plan(mut lib: Library) -> Plan {
    if !lib.connected(&["_in"], &[], &["_out"]) {
        return None;
    }
    let (inp, out) = (&lib.ins["_in"], &lib.outs["_out"]);
    let LibraryClass::Reduce { wcr, axes, identity } = lib.class() else { return None };
    // Axes count the dimensions whose extent is not 1 (as the lowering
    // does); with extent-1 dimensions that could mean either, so only a
    // full reduction is taken there.
    let rank = inp.free.len();
    let axes: Vec<usize> = match axes {
        None => (0..rank).collect(),
        Some(axes) if inp.free.len() == inp.dims.len() => axes.clone(),
        Some(_) => return None,
    };
    let distinct = axes.iter().enumerate().all(|(k, a)| !axes[..k].contains(a));
    if axes.is_empty() || !distinct || axes.iter().any(|&a| a >= rank) {
        return None;
    }
    let identity = match identity {
        None => None,
        Some(v) => Some(identity_code(v)?),
    };
    let kept: Vec<usize> = (0..rank).filter(|d| !axes.contains(d)).collect();
    let extents_match = out.free.len() == kept.len() && kept.iter().enumerate().all(|(k, &d)| same(&out.extent(k), &inp.extent(d)));
    // The lowering ignores a WCR on the Reduce's own output: ambiguous.
    let out_wcr = lib.state.edges[out.edge].memlet.wcr.is_some();
    if !extents_match || out_wcr || lib.overlaps_inputs(out) {
        return None;
    }
    let views = match identity {
        Some(_) => lib.initialisable(out, &[])?,
        None => Vec::new(),
    };
    let taken = &mut lib.taken;
    let names: Vec<String> = (0..rank).map(|d| fresh(taken, &format!("{}{d}", if axes.contains(&d) { "__r" } else { "__o" }))).collect();
    let level = |label: &str, dims: &[usize]| Level { label: label.into(), params: dims.iter().map(|&d| (names[d].clone(), inp.extent(d))).collect() };
    let mut reduced = axes.clone();
    reduced.sort_unstable();
    let mut levels = Vec::new();
    if !kept.is_empty() {
        levels.push(level("reduce_output", &kept));
    }
    levels.push(level("reduce_values", &reduced));
    let all: Vec<&str> = names.iter().map(String::as_str).collect();
    let kept_names: Vec<&str> = kept.iter().map(|&d| names[d].as_str()).collect();
    let main = Nest {
        levels,
        tasklet: "identity".into(),
        code: "__out = __inp".into(),
        inputs: vec![Port { conn: "__inp".into(), data: inp.data.clone(), index: inp.element(&all), wcr: None, edge: inp.edge }],
        output: Port { conn: "__out".into(), data: out.data.clone(), index: out.element(&kept_names), wcr: Some(wcr.clone()), edge: out.edge },
    };
    let init = identity.map(|value| {
        let params: Vec<(String, _)> = (0..out.free.len()).map(|k| (fresh(taken, &format!("__i{k}")), out.extent(k))).collect();
        let at: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
        let index = out.element(&at);
        let nest = Nest {
            levels: if params.is_empty() { vec![] } else { vec![Level { label: "reduce_init".into(), params: params.clone() }] },
            tasklet: "reduce_init".into(),
            code: format!("__out = {value}"),
            inputs: vec![],
            output: Port { conn: "__out".into(), data: out.data.clone(), index, wcr: None, edge: out.edge },
        };
        Init { nest, views }
    });
    Some((main, init))
}
