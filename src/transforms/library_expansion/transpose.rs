//! `Transpose` (`B[j, i] = A[i, j]`) and `TensorTranspose` (output
//! dimension `k` runs along input dimension `axes[k]`, times `alpha`): one
//! map over the input, writing with the output's own WCR if it has one.

use super::nest::{Level, Nest, Port};
use super::{finite, format_number, fresh, same, Library, Plan};
use crate::model::LibraryClass;

pub fn plan(mut lib: Library) -> Plan {
    if !lib.connected(&["_inp"], &[], &["_out"]) {
        return None;
    }
    let (inp, out) = (&lib.ins["_inp"], &lib.outs["_out"]);
    let square = inp.free.len() == 2 && out.free.len() == 2;
    if !square || !same(&out.extent(0), &inp.extent(1)) || !same(&out.extent(1), &inp.extent(0)) || lib.overlaps_inputs(out) {
        return None;
    }
    let (i, j) = (fresh(&mut lib.taken, "__i"), fresh(&mut lib.taken, "__j"));
    let params = vec![(i.clone(), inp.extent(0)), (j.clone(), inp.extent(1))];
    Some((nest(&lib, "transpose", params, &[&i, &j], &[&j, &i], "__out = __inp".into()), None))
}

pub fn plan_tensor(mut lib: Library) -> Plan {
    if !lib.connected(&["_inp_tensor"], &[], &["_out_tensor"]) {
        return None;
    }
    let (inp, out) = (&lib.ins["_inp_tensor"], &lib.outs["_out_tensor"]);
    let rank = inp.dims.len();
    let LibraryClass::TensorTranspose { axes, alpha, beta } = lib.class() else { return None };
    let axes: Vec<usize> = axes.clone().unwrap_or_else(|| (0..rank).rev().collect());
    let mut sorted = axes.clone();
    sorted.sort_unstable();
    let (alpha, beta) = (finite(alpha)?, finite(beta)?);
    // `beta * out` would read the output, which the node has no edge for.
    let scaling_ok = beta == 0.0 && (alpha == 1.0 || lib.float_output(out));
    if out.dims.len() != rank || sorted != (0..rank).collect::<Vec<_>>() || !scaling_ok || lib.overlaps_inputs(out) {
        return None;
    }
    // One parameter per free input dimension; the output's free dimensions
    // take those of the input dimensions they run along, in order.
    let names: Vec<String> = inp.free.iter().map(|d| fresh(&mut lib.taken, &format!("__i{d}"))).collect();
    let along: Vec<usize> = axes.iter().filter_map(|a| inp.free.iter().position(|d| d == a)).collect();
    let agree = along.len() == out.free.len() && along.iter().enumerate().all(|(k, &p)| same(&out.extent(k), &inp.extent(p)));
    if !agree {
        return None;
    }
    let params = names.iter().enumerate().map(|(p, n)| (n.clone(), inp.extent(p))).collect();
    let at: Vec<&str> = names.iter().map(String::as_str).collect();
    let out_at: Vec<&str> = along.iter().map(|&p| names[p].as_str()).collect();
    let code = if alpha == 1.0 { "__out = __inp".to_string() } else { format!("__out = {} * __inp", format_number(alpha)) };
    Some((nest(&lib, "tensor_transpose", params, &at, &out_at, code), None))
}

/// One map over the input copying each element to its place in the output.
fn nest(lib: &Library, label: &str, params: Vec<(String, crate::symbolic::Expr)>, at: &[&str], out_at: &[&str], code: String) -> Nest {
    let (inp, out) = (lib.ins.values().next().expect("one input"), lib.outs.values().next().expect("one output"));
    Nest {
        levels: vec![Level { label: label.into(), params }],
        tasklet: label.into(),
        code,
        inputs: vec![Port { conn: "__inp".into(), data: inp.data.clone(), index: inp.element(at), wcr: None, edge: inp.edge }],
        output: Port {
            conn: "__out".into(),
            data: out.data.clone(),
            index: out.element(out_at),
            wcr: lib.state.edges[out.edge].memlet.wcr.clone(),
            edge: out.edge,
        },
    }
}
