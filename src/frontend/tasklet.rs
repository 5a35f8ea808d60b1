//! Explicit tasklets: `with dace.tasklet:` whose body declares its inputs
//! (`a << A[i]`) and outputs (`b >> B[i]`, with write-conflict resolution
//! `b >> B(1, lambda x, y: x + y)[i]`), the other statements being the
//! tasklet's Python code. One state: the read data, the tasklet, the
//! written data.
//!
//! ```text
//! with dace.tasklet:        A -(A[i, k])-> tasklet(c = a * b) -(C[i, j], CR: x + y)-> C
//!     a << A[i, k]          B -(B[k, j])-^
//!     b << B[k, j]
//!     c >> C(1, lambda x, y: x + y)[i, j]
//!     c = a * b
//! ```

use super::dataflow::window;
use super::elementwise::{accesses, Var};
use super::program::Builder;
use super::at;
use crate::diag::Diagnostics;
use crate::model::{Block, BlockKind, CodeBlock, DataEdge, Loc, Memlet, Node, NodeKind, State, Wcr};
use crate::symbolic::Subset;
use rustpython_parser::ast::{self, Expr, Operator, Stmt};

/// One `conn << data[subset]` or `conn >> data(volume, wcr)[subset]`.
struct Port {
    conn: String,
    data: String,
    subset: Subset,
    volume: Option<crate::symbolic::Expr>,
    wcr: Option<Wcr>,
}

impl Builder<'_> {
    /// Whether `w` is `with dace.tasklet:`.
    pub(super) fn is_tasklet(&self, w: &ast::StmtWith) -> bool {
        matches!(w.items.as_slice(), [item] if matches!(&item.context_expr, Expr::Attribute(a) if a.attr.as_str() == "tasklet" && self.m.is_dace(&a.value)))
    }

    pub(super) fn explicit_tasklet(&mut self, w: &ast::StmtWith, loc: &Loc) -> Result<Vec<Block>, Diagnostics> {
        let (mut ins, mut outs, mut code) = (Vec::new(), Vec::new(), Vec::new());
        for s in &w.body {
            match s {
                Stmt::Expr(e) => match &*e.value {
                    Expr::BinOp(b) if matches!(b.op, Operator::LShift | Operator::RShift) => {
                        let Expr::Name(conn) = &*b.left else { return Err(at(&self.m.loc(&*b.left), "a connector is a plain name")) };
                        let port = self.port(conn.id.as_str(), &b.right)?;
                        if b.op == Operator::LShift { ins.push(port) } else { outs.push(port) }
                    }
                    _ => code.push(self.m.text_of(s)),
                },
                other => code.push(self.m.text_of(other)),
            }
        }
        let mut st = State::default();
        let access = |data: &str| Node::new(data, NodeKind::Access { data: data.to_string(), setzero: false }, &[] as &[&str], &[], loc);
        let in_conns: Vec<String> = ins.iter().map(|p| p.conn.clone()).collect();
        let out_conns: Vec<String> = outs.iter().map(|p| p.conn.clone()).collect();
        let label = self.label("tasklet", loc);
        st.nodes.push(Node::new(&label, NodeKind::Tasklet { code: CodeBlock::python(code.join("\n")) }, &in_conns, &out_conns, loc));
        for (port, output) in ins.into_iter().map(|p| (p, false)).chain(outs.into_iter().map(|p| (p, true))) {
            st.nodes.push(access(&port.data));
            let node = st.nodes.len() - 1;
            let memlet = Memlet { data: Some(port.data), subset: Some(port.subset), volume: port.volume, wcr: port.wcr, ..Default::default() };
            let (src, dst, src_conn, dst_conn) = if output { (0, node, Some(port.conn), None) } else { (node, 0, None, Some(port.conn)) };
            st.edges.push(DataEdge { src, src_conn, dst, dst_conn, memlet, loc: loc.clone() });
        }
        let block_label = self.label("state", loc);
        Ok(vec![Block { label: block_label, kind: BlockKind::State(st), extra: Default::default(), loc: loc.clone() }])
    }

    /// `data[subset]`, `data`, or `data(volume, wcr)[subset]`.
    fn port(&mut self, conn: &str, e: &Expr) -> Result<Port, Diagnostics> {
        let (target, index) = match e {
            Expr::Subscript(s) => (&*s.value, Some(&*s.slice)),
            other => (other, None),
        };
        let (name, volume, wcr) = match target {
            Expr::Name(n) => (n.id.to_string(), None, None),
            Expr::Call(c) => {
                let Expr::Name(n) = &*c.func else { return Err(at(&self.m.loc(target), "a memlet names its data")) };
                let volume = match c.args.first() {
                    Some(v) => Some(super::types::symbolic(self.m, v, &|_| None).map_err(|msg| at(&self.m.loc(v), msg))?),
                    None => None,
                };
                let wcr = match c.args.get(1) {
                    Some(l @ Expr::Lambda(_)) => Some(Wcr::parse(&self.m.text_of(l)).map_err(|e| at(&self.m.loc(l), e.to_string()))?),
                    Some(other) => return Err(at(&self.m.loc(other), "write-conflict resolution is a lambda")),
                    None => None,
                };
                (n.id.to_string(), volume, wcr)
            }
            other => return Err(at(&self.m.loc(other), "a memlet names its data")),
        };
        let Some(Var::Data { name: data, shape, .. }) = self.vars.get(&name).cloned() else {
            return Err(at(&self.m.loc(target), format!("'{name}' is not a container")));
        };
        let lookup = self.lookup();
        let dims = accesses(self.m, &shape, index, &lookup).map_err(|(o, msg)| at(&self.m.loc_at(o), msg))?;
        Ok(Port { conn: conn.to_string(), data, subset: window(&dims), volume, wcr })
    }
}
