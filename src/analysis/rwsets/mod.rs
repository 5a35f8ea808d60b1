//! Read and write sets: which subsets of which containers a state, an
//! interstate edge, a control-flow region or a whole SDFG reads and writes,
//! as seen from outside it, and whether two of them depend on each other.
//!
//! Rules:
//! - In a state, every non-empty memlet on an edge leaving an access node is
//!   a read of that node's container, every one entering it a write. The
//!   subset is the memlet's side for that container (`subset` when the
//!   memlet names it, else `other_subset`, else the whole container). Edges
//!   at access nodes inside maps are widened over the enclosing map ranges
//!   (memlet propagation), so the subsets use no map parameter; the edges
//!   outside maps already carry propagated memlets.
//! - Where all the consumers (or producers) at the inner end of such a
//!   memlet tree are nested SDFGs, the nested SDFG's own read (or write)
//!   set of the connector replaces the memlet's subset, moved through the
//!   symbol mapping and the connector's memlet when the inner container is
//!   that memlet's subset shifted (same rank and extents); otherwise the
//!   memlet's subset stays.
//! - Containers named inside subsets or map ranges (`A_row[i]`) and in
//!   interstate conditions, assignments, loop headers and branch conditions
//!   are read: at the indices written there, or whole.
//! - A write through a memlet with write-conflict resolution is marked
//!   `wcr`: it reads the old values too, so for dependences it counts as a
//!   read as well as a write.
//! - Seen from outside a region, subsets that use symbols assigned inside
//!   it are widened to the whole dimension, and a loop's body is widened
//!   over the values of its variable (exactly for a `for` header, else to
//!   the whole dimension).
//! - Views and references are listed under their own names; a view's
//!   `views` edge also reads or writes the viewed part of its target.
//!   References may alias anything, so dependences treat them as such.
//!
//! Nothing is dropped because the same state wrote it first: every read is
//! listed, which is conservative for dependences.

mod region;
mod state;
#[cfg(test)]
mod tests;

pub use region::{block_sets, branch_sets, cfg_sets, control_reads, edge_sets, expr_reads, sdfg_sets};
pub use state::state_sets;

use crate::model::{Block, DataKind, Sdfg};
use crate::symbolic::Subset;
use std::collections::BTreeMap;
use std::fmt;

/// One access: a subset (`None` = the whole container) and, for writes,
/// whether it goes through write-conflict resolution.
#[derive(Clone, Debug, PartialEq)]
pub struct Access {
    pub subset: Option<Subset>,
    pub wcr: bool,
}

/// Per container, the distinct accesses in the order they were found.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RwSets {
    pub reads: BTreeMap<String, Vec<Access>>,
    pub writes: BTreeMap<String, Vec<Access>>,
}

/// Adds `a` unless an access of the same kind provably contains it, and
/// drops those it contains: the union stays the same.
fn insert(list: &mut Vec<Access>, a: Access) {
    if list.iter().any(|x| covers(x, &a)) {
        return;
    }
    list.retain(|x| !covers(&a, x));
    list.push(a);
}

/// Whether `a` provably contains every element of `b`.
fn covers(a: &Access, b: &Access) -> bool {
    if a.wcr != b.wcr {
        return false;
    }
    let (sa, sb) = match (&a.subset, &b.subset) {
        (None, _) => return true,
        (Some(_), None) => return false,
        (Some(x), Some(y)) => (x, y),
    };
    let at_least = |x: &crate::symbolic::Expr, y: &crate::symbolic::Expr| x.sub(y).as_int().is_some_and(|d| d >= 0);
    sa.dims().len() == sb.dims().len()
        && sa.dims().iter().zip(sb.dims()).all(|(x, y)| {
            let dense = x.step.as_int() == Some(1) && x.tile.as_int() == Some(1) && y.tile.as_int() == Some(1);
            x == y || (dense && at_least(&y.start, &x.start) && at_least(&x.end, &y.end))
        })
}

impl RwSets {
    pub fn read(&mut self, data: &str, subset: Option<Subset>) {
        insert(self.reads.entry(data.to_string()).or_default(), Access { subset, wcr: false });
    }

    pub fn write(&mut self, data: &str, subset: Option<Subset>, wcr: bool) {
        insert(self.writes.entry(data.to_string()).or_default(), Access { subset, wcr });
    }

    /// Adds everything `other` reads and writes.
    pub fn extend(&mut self, other: &RwSets) {
        for (d, list) in &other.reads {
            list.iter().for_each(|a| self.read(d, a.subset.clone()));
        }
        for (d, list) in &other.writes {
            list.iter().for_each(|a| self.write(d, a.subset.clone(), a.wcr));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.reads.is_empty() && self.writes.is_empty()
    }

    pub fn reads_data(&self, data: &str) -> bool {
        self.reads.contains_key(data)
    }

    pub fn writes_data(&self, data: &str) -> bool {
        self.writes.contains_key(data)
    }

    /// What is read for dependence purposes: the reads and the WCR writes.
    pub fn dependence_reads(&self) -> BTreeMap<&str, Vec<&Access>> {
        let mut out: BTreeMap<&str, Vec<&Access>> = BTreeMap::new();
        for (d, list) in &self.reads {
            out.entry(d).or_default().extend(list);
        }
        for (d, list) in &self.writes {
            if list.iter().any(|a| a.wcr) {
                out.entry(d).or_default().extend(list.iter().filter(|a| a.wcr));
            }
        }
        out
    }

    /// Replaces every subset by `f(data, subset)` (`None` = whole container).
    pub fn map_subsets(&self, f: &dyn Fn(&str, &Subset) -> Option<Subset>) -> RwSets {
        let mut out = RwSets::default();
        let moved = |d: &str, a: &Access| a.subset.as_ref().and_then(|s| f(d, s));
        for (d, list) in &self.reads {
            list.iter().for_each(|a| out.read(d, moved(d, a)));
        }
        for (d, list) in &self.writes {
            list.iter().for_each(|a| out.write(d, moved(d, a), a.wcr));
        }
        out
    }
}

/// How a later piece depends on an earlier one through a container.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum DependenceKind {
    /// The earlier writes what the later reads.
    ReadAfterWrite,
    /// The earlier reads what the later writes.
    WriteAfterRead,
    /// Both write it.
    WriteAfterWrite,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Dependence {
    /// The earlier piece's container and the later one's (the same unless
    /// one of them is a reference).
    pub first: String,
    pub second: String,
    pub kind: DependenceKind,
}

impl fmt::Display for DependenceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DependenceKind::ReadAfterWrite => "read after write",
            DependenceKind::WriteAfterRead => "write after read",
            DependenceKind::WriteAfterWrite => "write after write",
        })
    }
}

/// Every way `second` depends on `first` when it runs after it: accesses of
/// the same container (or of a reference, which may alias anything) whose
/// subsets may overlap. WCR writes count as reads too.
pub fn dependences(sdfg: &Sdfg, first: &RwSets, second: &RwSets) -> Vec<Dependence> {
    let reference = |d: &str| sdfg.container(d).is_some_and(|c| c.kind == DataKind::Reference);
    let mut out = Vec::new();
    let mut check = |a: BTreeMap<&str, Vec<&Access>>, b: BTreeMap<&str, Vec<&Access>>, kind: DependenceKind| {
        for (da, la) in &a {
            for (db, lb) in &b {
                let overlap = if da == db {
                    la.iter().any(|x| lb.iter().any(|y| may_overlap(x.subset.as_ref(), y.subset.as_ref())))
                } else {
                    reference(da) || reference(db)
                };
                if overlap {
                    out.push(Dependence { first: da.to_string(), second: db.to_string(), kind });
                }
            }
        }
    };
    check(all(&first.writes), second.dependence_reads(), DependenceKind::ReadAfterWrite);
    check(first.dependence_reads(), all(&second.writes), DependenceKind::WriteAfterRead);
    check(all(&first.writes), all(&second.writes), DependenceKind::WriteAfterWrite);
    out.sort();
    out.dedup();
    out
}

/// `dependences` between two blocks (states, regions, loops, conditionals)
/// of one SDFG, `second` running after `first`.
pub fn block_dependences(sdfg: &Sdfg, first: &Block, second: &Block) -> Vec<Dependence> {
    dependences(sdfg, &block_sets(sdfg, first), &block_sets(sdfg, second))
}

fn all(m: &BTreeMap<String, Vec<Access>>) -> BTreeMap<&str, Vec<&Access>> {
    m.iter().map(|(d, l)| (d.as_str(), l.iter().collect())).collect()
}

/// Whether two pieces conflict: any dependence between them.
pub fn conflict(sdfg: &Sdfg, first: &RwSets, second: &RwSets) -> bool {
    !dependences(sdfg, first, second).is_empty()
}

/// Whether two subsets of one container may share an element: `false` only
/// when some dimension provably separates them (one ends a constant before
/// the other starts); anything unknown overlaps.
pub fn may_overlap(a: Option<&Subset>, b: Option<&Subset>) -> bool {
    let (Some(a), Some(b)) = (a, b) else { return true };
    if a.dims().len() != b.dims().len() {
        return true;
    }
    let before = |x: &crate::symbolic::Dim, y: &crate::symbolic::Dim| {
        // Tiles reach past `end`; leave them to the conservative answer.
        x.tile.as_int() == Some(1) && y.start.sub(&x.end).as_int().is_some_and(|gap| gap > 0)
    };
    !a.dims().iter().zip(b.dims()).any(|(x, y)| before(x, y) || before(y, x))
}

/// `A[0:N], A[i], B` (a name alone is the whole container; `(wcr)` marks
/// writes with write-conflict resolution).
pub fn format_accesses(map: &BTreeMap<String, Vec<Access>>) -> String {
    let mut parts = Vec::new();
    for (d, list) in map {
        for a in list {
            let wcr = if a.wcr { " (wcr)" } else { "" };
            match &a.subset {
                Some(s) => parts.push(format!("{d}[{s}]{wcr}")),
                None => parts.push(format!("{d}{wcr}")),
            }
        }
    }
    parts.join(", ")
}
