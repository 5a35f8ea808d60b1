//! `MatMul`, `Gemm`, `Gemv`, `Dot`: one map over the output indices and the
//! summed index `k` adding `alpha * a * b` into the output with a sum WCR,
//! after a map setting the output to 0 (or to `beta * Cin`).
//!
//! Shapes follow the lowering: counting dimensions whose extent is not 1,
//! matrix times matrix, matrix times vector, vector times matrix, vector
//! times vector (a scalar), and 3-D outputs as batches of products of
//! matrices (each operand 3-D, or 2-D and shared by every batch).

use super::nest::{Level, Nest, Port};
use super::{finite, format_number, fresh, same, Init, Library, Operand, Plan};
use crate::model::{LibraryClass, Wcr};
use crate::tasklet::lambda::Reduction;

pub fn plan(mut lib: Library, class: &str) -> Plan {
    let (ka, kb, kc) = match class {
        "Gemv" => ("_A", "_x", "_y"),
        "Dot" => ("_x", "_y", "_result"),
        _ => ("_a", "_b", "_c"),
    };
    let optional: &[&str] = if class == "Gemm" { &["_cin"] } else { &[] };
    if !lib.connected(&[ka, kb], optional, &[kc]) {
        return None;
    }
    let (a, b, c, cin) = (&lib.ins[ka], &lib.ins[kb], &lib.outs[kc], lib.ins.get("_cin"));
    let LibraryClass::Product(p) = lib.class() else { return None };
    let (alpha, beta) = (finite(&p.alpha)?, finite(&p.beta)?);
    let (ta, tb) = (p.trans_a, p.trans_b);
    if (alpha != 1.0 || beta != 0.0) && !lib.float_output(c) {
        return None;
    }
    // `C += A @ B` is an output writing with a sum WCR; the lowering reads
    // `Cin` only for a non-zero beta, and then needs it.
    let sum = match lib.state.edges[c.edge].memlet.wcr.clone() {
        None => None,
        Some(w) if w.kind() == Reduction::Sum && beta == 0.0 => Some(w),
        Some(_) => return None,
    };
    let accumulate = sum.is_some();
    if (beta != 0.0) != cin.is_some() || c.data == a.data || c.data == b.data {
        return None;
    }
    let shape = Shape::of(a, b, c, ta, tb)?;
    // Setting C to `beta * Cin` reads Cin first, from its own access node.
    let allowed: Vec<usize> = cin.filter(|x| x.data == c.data).map(|x| lib.state.edges[x.edge].src).into_iter().collect();
    let views = if accumulate { Vec::new() } else { lib.initialisable(c, &allowed)? };
    let init_cin = match cin {
        Some(x) if x.free.len() != c.free.len() || (0..x.free.len()).any(|k| !same(&x.extent(k), &c.extent(k))) => return None,
        other => other,
    };
    let taken = &mut lib.taken;
    let label = class.to_lowercase();
    let mut name = |p: Option<&str>| p.map(|base| fresh(taken, base));
    let (bn, i, j, k) = (name(shape.batch.then_some("__b")), name(shape.i.as_ref().map(|_| "__i")), name(shape.j.as_ref().map(|_| "__j")), name(Some("__k")));
    let k = k.expect("named");
    let mut params = Vec::new();
    for (p, e) in [(&bn, shape.batch.then(|| c.extent(0))), (&i, shape.i.clone()), (&j, shape.j.clone()), (&Some(k.clone()), Some(shape.k.clone()))] {
        if let (Some(p), Some(e)) = (p, e) {
            params.push((p.clone(), e));
        }
    }
    let (bn, i, j) = (bn.as_deref(), i.as_deref(), j.as_deref());
    let a_at = operand_params(a, bn, i, &k, ta, true);
    let b_at = operand_params(b, bn, j, &k, tb, false);
    let c_at: Vec<&str> = [bn, i, j].into_iter().flatten().collect();
    let port = |conn: &str, o: &Operand, at: &[&str], wcr: Option<Wcr>| Port {
        conn: conn.into(),
        data: o.data.clone(),
        index: o.element(at),
        wcr,
        edge: o.edge,
    };
    let code = if alpha == 1.0 { "__c = __a * __b".to_string() } else { format!("__c = {} * __a * __b", format_number(alpha)) };
    let main = Nest {
        levels: vec![Level { label: label.clone(), params }],
        tasklet: label.clone(),
        code,
        inputs: vec![port("__a", a, &a_at, None), port("__b", b, &b_at, None)],
        output: port("__c", c, &c_at, Some(sum.unwrap_or_else(Wcr::sum))),
    };
    if accumulate {
        return Some((main, None));
    }
    let params: Vec<(String, _)> = (0..c.free.len()).map(|k| (fresh(taken, &format!("__o{k}")), c.extent(k))).collect();
    let at: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
    let (code, inputs) = match init_cin {
        Some(x) => (format!("__out = {} * __cin", format_number(beta)), vec![port("__cin", x, &at, None)]),
        None => ("__out = 0".to_string(), vec![]),
    };
    let output = port("__out", c, &at, None);
    let init = Nest {
        levels: if params.is_empty() { vec![] } else { vec![Level { label: format!("{label}_init"), params }] },
        tasklet: format!("{label}_init"),
        code,
        inputs,
        output,
    };
    Some((main, Some(Init { nest: init, views })))
}

/// The iteration space: a batch (over the output's first dimension), rows
/// `i` and columns `j` where the operands have them, and `k`.
struct Shape {
    batch: bool,
    i: Option<crate::symbolic::Expr>,
    j: Option<crate::symbolic::Expr>,
    k: crate::symbolic::Expr,
}

impl Shape {
    fn of(a: &Operand, b: &Operand, c: &Operand, ta: bool, tb: bool) -> Option<Shape> {
        let (na, nb, nc) = (a.free.len(), b.free.len(), c.free.len());
        let batch = nc == 3;
        let fits = if batch { matches!(na, 2 | 3) && matches!(nb, 2 | 3) } else { matches!((na, nb, nc), (2, 2, 2) | (2, 1, 1) | (1, 2, 1) | (1, 1, 0)) };
        if !fits {
            return None;
        }
        // Rows and columns of each operand past its batch dimension.
        let matrix = |o: &Operand, t: bool| -> Option<(usize, usize)> {
            let first = usize::from(o.free.len() == 3);
            (o.free.len() - first == 2).then_some(if t { (first + 1, first) } else { (first, first + 1) })
        };
        let (ma, mb) = (matrix(a, ta), matrix(b, tb));
        let i = ma.map(|(r, _)| a.extent(r));
        let j = mb.map(|(_, col)| b.extent(col));
        let k = ma.map_or_else(|| a.extent(0), |(_, col)| a.extent(col));
        let kb = mb.map_or_else(|| b.extent(0), |(r, _)| b.extent(r));
        let out: Vec<crate::symbolic::Expr> = [batch.then(|| c.extent(0)), i.clone(), j.clone()].into_iter().flatten().collect();
        let batches_agree = [a, b].iter().all(|o| o.free.len() != 3 || same(&o.extent(0), &c.extent(0)));
        let outputs_agree = out.len() == nc && out.iter().enumerate().all(|(d, e)| same(e, &c.extent(d)));
        (same(&k, &kb) && batches_agree && outputs_agree).then_some(Shape { batch, i, j, k })
    }
}

/// The parameter of each free dimension of an operand: the batch index
/// if it is 3-D, then its row or column index and `k` (swapped when
/// transposed); a vector has `k` only.
fn operand_params<'a>(o: &Operand, batch: Option<&'a str>, own: Option<&'a str>, k: &'a str, t: bool, left: bool) -> Vec<&'a str> {
    let mut at = Vec::new();
    if o.free.len() == 3 {
        at.extend(batch);
    }
    match own {
        // The left operand is (i, k), the right one (k, j).
        Some(p) if (left && !t) || (!left && t) => at.extend([p, k]),
        Some(p) => at.extend([k, p]),
        None => at.push(k),
    }
    at
}
