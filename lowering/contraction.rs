//! Tensor contractions as loop nests: one loop per output index, and per
//! summed index an `scf.for` carrying the running sum; the outermost output
//! loop runs in parallel outside parallel maps. Einsum and TensorDot
//! both lower to one.

use super::arith::Op;
use super::builder::Val;
use super::einsum::EinsumSpec;
use super::function::FnGen;
use super::library::{dim, Operand};
use crate::model::{constant, Node};
use crate::symbolic::Expr;
use std::collections::HashMap;

/// A contraction: `out[output] = alpha * prod_k inputs[k][terms[k]] (+ beta * out)`,
/// summed over the indices that are not in `output`.
pub(super) struct Contraction<'o> {
    pub inputs: Vec<(&'o Operand, Vec<usize>)>,
    pub output: (&'o Operand, Vec<usize>),
    pub alpha: Option<Val>,
    pub beta: Option<Val>,
}

impl FnGen<'_, '_> {
    pub(super) fn contract(&mut self, c: &Contraction) -> Result<(), String> {
        let letters = c.inputs.iter().flat_map(|(_, t)| t.iter()).chain(&c.output.1).max().map_or(0, |m| m + 1);
        // The extent of each index: the first input dimension it names.
        let mut extent: Vec<Option<Val>> = vec![None; letters];
        for (o, term) in &c.inputs {
            for (d, &l) in term.iter().enumerate() {
                if extent[l].is_none() {
                    extent[l] = Some(dim(o, d)?);
                }
            }
        }
        let ext = |l: usize| extent[l].clone().ok_or_else(|| format!("index {l} of the output is in no input"));
        let (out, out_term) = (c.output.0, &c.output.1);
        let out_ext = out_term.iter().map(|&l| ext(l)).collect::<Result<Vec<_>, _>>()?;
        let (outer, out_iv) = self.independent_loops(&out_ext)?;
        let mut iv: Vec<Option<Val>> = vec![None; letters];
        for (&l, v) in out_term.iter().zip(&out_iv) {
            iv[l] = Some(v.clone());
        }
        let ty = self.operand_type(out)?;
        let summed: Vec<usize> = (0..letters).filter(|l| !out_term.contains(l) && extent[*l].is_some()).collect();
        let (zero, lb, step) = (self.b.zero(ty), self.b.i64(0), self.b.i64(1));
        let mut acc = zero;
        let mut results = Vec::new();
        for &l in &summed {
            let e = ext(l)?;
            let sum = self.b.begin_for(&lb, &e, &step, &[acc]);
            iv[l] = Some(sum.iv);
            acc = sum.carried[0].clone();
            results.push(sum.results[0].clone());
        }
        let mut product: Option<Val> = None;
        for (o, term) in &c.inputs {
            let idx: Vec<Val> = term.iter().map(|&l| iv[l].clone().ok_or("unbound index")).collect::<Result<_, _>>()?;
            let x = self.element_of(o, &idx)?;
            product = Some(match product {
                None => x,
                Some(p) => self.b.binary(Op::Mul, &p, &x)?,
            });
        }
        let product = product.ok_or("a contraction needs an input")?;
        let mut value = self.b.binary(Op::Add, &acc, &product)?;
        value = self.b.cast(&value, ty);
        for res in results.into_iter().rev() {
            self.b.end_with(&[value]);
            value = res;
        }
        if let Some(a) = &c.alpha {
            value = self.b.binary(Op::Mul, &value, a)?;
        }
        let out_idx = if out_iv.is_empty() { vec![self.b.i64(0)] } else { out_iv };
        if let Some(be) = &c.beta {
            let prior = self.element_of(out, &out_idx)?;
            let scaled = self.b.binary(Op::Mul, &prior, be)?;
            value = self.b.binary(Op::Add, &value, &scaled)?;
        }
        let value = self.b.cast(&value, ty);
        self.store_into(out, &out_idx, &value)?;
        self.close_nest(outer);
        Ok(())
    }

    /// DaCe's Einsum node: inputs are the input connectors in sorted order
    /// (as its `specialize` expansion passes them), the output its one output
    /// connector; `out = alpha * einsum(...) + beta * out`.
    pub(super) fn einsum(&mut self, node: &Node, ops: &HashMap<String, Operand>, text: &str, alpha: Option<&Expr>, beta: Option<&Expr>) -> Result<(), String> {
        let spec: EinsumSpec = text.parse().map_err(|e: super::einsum::EinsumError| e.to_string())?;
        let mut ins: Vec<&str> = node.in_connectors.iter().map(|(n, _)| n.as_str()).collect();
        ins.sort_unstable();
        if ins.len() != spec.inputs.len() {
            return Err(format!("einsum '{text}' has {} input terms but the node has {} inputs", spec.inputs.len(), ins.len()));
        }
        let [(out_name, _)] = node.out_connectors.as_slice() else {
            return Err("Einsum needs exactly one output connector".into());
        };
        let get = |k: &str| ops.get(k).ok_or_else(|| format!("Einsum has no '{k}' connection"));
        let mut views = Vec::new();
        for (conn, term) in ins.iter().zip(&spec.inputs) {
            views.push(self.shaped_view(get(conn)?, term.len(), &format!("einsum input '{conn}'"))?);
        }
        let out = self.shaped_view(get(out_name)?, spec.output.len(), "einsum output")?;
        let alpha = alpha.map(|a| self.value(a)).transpose()?;
        // A zero beta reads nothing from the output.
        let beta = beta.filter(|b| constant(b) != Some(0.0)).map(|b| self.value(b)).transpose()?;
        let c = Contraction {
            inputs: views.iter().zip(spec.inputs.iter().cloned()).collect(),
            output: (&out, spec.output.clone()),
            alpha,
            beta,
        };
        self.contract(&c)
    }
}
