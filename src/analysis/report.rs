//! The text `sdfg-opt --sdfg-print-analysis` prints: one line per SDFG,
//! block, interstate edge and nested SDFG, indented by nesting, in file
//! order. Regions, loops, conditionals and branches summarise what they
//! hold, seen from outside; edges that read or define nothing are left out.

use super::rwsets::{self, format_accesses, RwSets};
use super::symbols::{self, SymbolSets};
use crate::model::{BlockKind, Cfg, NodeKind, Sdfg, State};
use std::collections::BTreeSet;
use std::str::FromStr;

/// The analyses that can be printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Analysis {
    /// Read and write sets (`rwsets`).
    RwSets,
    /// Symbol definitions and uses (`symbols`).
    Symbols,
}

impl FromStr for Analysis {
    type Err = String;
    fn from_str(s: &str) -> Result<Analysis, String> {
        match s {
            "rw-sets" => Ok(Analysis::RwSets),
            "symbols" => Ok(Analysis::Symbols),
            _ => Err(format!("unknown analysis '{s}' (expected rw-sets or symbols)")),
        }
    }
}

/// The report of one analysis of `sdfg`.
pub fn print(sdfg: &Sdfg, analysis: Analysis) -> String {
    let mut p = Printer { analysis, lines: Vec::new() };
    p.sdfg(sdfg, &format!("sdfg '{}'", sdfg.name), 0);
    p.lines.join("\n")
}

struct Printer {
    analysis: Analysis,
    lines: Vec<String>,
}

fn rw_line(sets: &RwSets) -> String {
    let mut parts = Vec::new();
    if !sets.reads.is_empty() {
        parts.push(format!("reads {}", format_accesses(&sets.reads)));
    }
    if !sets.writes.is_empty() {
        parts.push(format!("writes {}", format_accesses(&sets.writes)));
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join("; ")
    }
}

fn symbols_line(sets: &SymbolSets) -> String {
    let list = |s: &BTreeSet<String>| s.iter().cloned().collect::<Vec<_>>().join(", ");
    let mut parts = Vec::new();
    for (word, set) in [("assigns", &sets.assigned), ("binds", &sets.bound), ("uses", &sets.used)] {
        if !set.is_empty() {
            parts.push(format!("{word} {}", list(set)));
        }
    }
    if parts.is_empty() {
        "nothing".into()
    } else {
        parts.join("; ")
    }
}

impl Printer {
    fn line(&mut self, depth: usize, what: &str, summary: String) {
        self.lines.push(format!("{}{what}: {summary}", "  ".repeat(depth)));
    }

    fn sdfg(&mut self, sdfg: &Sdfg, what: &str, depth: usize) {
        let summary = match self.analysis {
            Analysis::RwSets => rw_line(&rwsets::sdfg_sets(sdfg)),
            Analysis::Symbols => symbols_line(&symbols::sdfg_symbols(sdfg)),
        };
        self.line(depth, what, summary);
        self.cfg(sdfg, &sdfg.cfg, depth + 1);
    }

    fn cfg(&mut self, sdfg: &Sdfg, cfg: &Cfg, depth: usize) {
        for b in &cfg.blocks {
            let what = match &b.kind {
                BlockKind::State(_) => "state",
                BlockKind::Region { .. } => "region",
                BlockKind::Loop(_) => "loop",
                BlockKind::Conditional(_) => "conditional",
                BlockKind::Break | BlockKind::Continue | BlockKind::Return => continue,
            };
            let summary = match self.analysis {
                Analysis::RwSets => rw_line(&rwsets::block_sets(sdfg, b)),
                Analysis::Symbols => symbols_line(&symbols::block_symbols(sdfg, b)),
            };
            self.line(depth, &format!("{what} '{}'", b.label), summary);
            match &b.kind {
                BlockKind::State(s) => self.nested(s, depth + 1),
                BlockKind::Region { cfg, .. } => self.cfg(sdfg, cfg, depth + 1),
                BlockKind::Loop(l) => self.cfg(sdfg, &l.cfg, depth + 1),
                BlockKind::Conditional(branches) => {
                    for br in branches {
                        let summary = match self.analysis {
                            Analysis::RwSets => rw_line(&rwsets::branch_sets(sdfg, br)),
                            Analysis::Symbols => symbols_line(&symbols::branch_symbols(sdfg, br)),
                        };
                        let cond = br.condition.as_ref().map_or("else".to_string(), |c| format!("if {}", c.code));
                        self.line(depth + 1, &format!("branch '{}' ({cond})", br.label), summary);
                        self.cfg(sdfg, &br.cfg, depth + 2);
                    }
                }
                _ => {}
            }
        }
        for e in &cfg.edges {
            let summary = match self.analysis {
                Analysis::RwSets => Some(rwsets::edge_sets(sdfg, e)).filter(|s| !s.is_empty()).map(|s| rw_line(&s)),
                Analysis::Symbols => Some(symbols::edge_symbols(sdfg, e)).filter(|s| *s != SymbolSets::default()).map(|s| symbols_line(&s)),
            };
            if let Some(summary) = summary {
                let label = |b: usize| cfg.blocks.get(b).map_or(String::new(), |b| b.label.clone());
                self.line(depth, &format!("edge '{}' -> '{}'", label(e.src), label(e.dst)), summary);
            }
        }
    }

    /// The nested SDFGs of a state, in their own names.
    fn nested(&mut self, state: &State, depth: usize) {
        for node in &state.nodes {
            if let NodeKind::NestedSdfg { sdfg, .. } = &node.kind {
                self.sdfg(sdfg, &format!("nested sdfg '{}'", node.label), depth);
            }
        }
    }
}
