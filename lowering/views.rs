//! Binding views and references to the memory their `views`/`set` edges
//! select.

use super::builder::Val;
use super::function::{Base, Container, FnGen};
use super::state::{access_data, path_end, StateCx};
use super::types::Ty;
use crate::model::DataEdge;

impl FnGen<'_, '_> {
    /// Points the views and references directly inside `scope` at the
    /// memory their `views`/`set` edges select, before anything there reads
    /// or writes them. A view of a view is bound after the view it points
    /// into, whichever way the edges run (reads flow view -> user, writes
    /// user -> view). Views inside a map or consume scope are bound at the
    /// start of each iteration to an SSA pointer (returned with the
    /// container they shadow): their target moves with the scope's
    /// parameters, and a shared slot would race between threads.
    pub(super) fn bind_views(&mut self, cx: &StateCx, scope: Option<usize>) -> Result<Vec<(String, Container)>, String> {
        let mut pending: Vec<(usize, usize, &DataEdge)> = Vec::new();
        for &n in cx.order.iter().filter(|&&n| cx.parents[n] == scope) {
            for e in cx.state.edges.iter().filter(|e| e.dst == n || e.src == n) {
                match (e.src_conn.as_deref(), e.dst_conn.as_deref()) {
                    (_, Some("views" | "set")) if e.dst == n => pending.push((e.dst, e.src, e)),
                    (Some("views"), _) if e.src == n => pending.push((e.src, e.dst, e)),
                    _ => {}
                }
            }
        }
        let target_of = |target: usize, e: &DataEdge, alias: &str| -> Option<String> {
            access_data(cx.state, target).or_else(|| {
                // Through a scope node: the memlet names the outer container.
                e.memlet.data.clone().filter(|d| d != alias).or_else(|| path_end(cx.state, e, e.src != target))
            })
        };
        let mut shadowed = Vec::new();
        while !pending.is_empty() {
            let ready = pending
                .iter()
                .position(|&(alias, target, e)| {
                    let Some(alias) = access_data(cx.state, alias) else { return true };
                    let data = target_of(target, e, &alias);
                    !pending.iter().any(|&(other, _, _)| access_data(cx.state, other) == data)
                })
                .ok_or("views form a cycle")?;
            let (alias, target, e) = pending.remove(ready);
            let Some(alias_name) = access_data(cx.state, alias) else { continue };
            let Some(target_name) = target_of(target, e, &alias_name) else { continue };
            let subset = self.subset_of(e, &target_name, cx.state)?;
            let start: Vec<Val> = match &subset {
                Some(s) => s.dims().iter().map(|d| self.int(&d.start)).collect::<Result<_, _>>()?,
                None => Vec::new(),
            };
            let ptr = self.address_unchecked(&target_name, &start)?;
            let Some(c) = self.containers.get(&alias_name).cloned() else { continue };
            // In a kernel, a view reaches what it views.
            if self.kernel.is_some() && self.check_reachable(&target_name).is_ok() {
                self.on_device.insert(alias_name.clone());
            }
            if scope.is_some() {
                if !shadowed.iter().any(|(n, _): &(String, Container)| *n == alias_name) {
                    shadowed.push((alias_name.clone(), c.clone()));
                }
                self.containers.insert(alias_name, Container { base: Base::Fixed(ptr), ..c });
            } else if let Base::Slot(slot) = &c.base {
                self.b.store(&ptr, slot, Ty::Ptr);
            }
        }
        Ok(shadowed)
    }
}
