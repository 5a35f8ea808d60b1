//! The questions of [`super::uses`] ("is this container read anywhere?",
//! "is it referenced at all?") answered from one walk of the SDFG. Matchers
//! ask them about every container or access node; walking the whole SDFG
//! for each answer made them quadratic in its size. The answers are those
//! of the functions in `uses`.

use super::place::{self, StatePath};
use super::uses::{self, access_data};
use crate::model::{NodeKind, Sdfg};
use std::collections::{HashMap, HashSet};

pub struct UseIndex<'a> {
    sdfg: &'a Sdfg,
    /// Access nodes per data (through regions, not into nested SDFGs).
    access_nodes: HashMap<&'a str, usize>,
    /// Data with an access node that has an outgoing edge.
    read: HashSet<&'a str>,
    /// Data named by a memlet.
    in_memlets: HashSet<&'a str>,
    /// Names assigned by interstate edges.
    assigned: HashSet<String>,
    /// Every identifier of the code texts `uses::mentioned_in_code` searches.
    words: HashSet<String>,
}

impl<'a> UseIndex<'a> {
    pub fn new(sdfg: &'a Sdfg) -> UseIndex<'a> {
        let mut index = UseIndex {
            sdfg,
            access_nodes: HashMap::new(),
            read: HashSet::new(),
            in_memlets: HashSet::new(),
            assigned: HashSet::new(),
            words: HashSet::new(),
        };
        for (_, s) in place::states(sdfg) {
            let mut has_out = vec![false; s.nodes.len()];
            for e in &s.edges {
                if let Some(h) = has_out.get_mut(e.src) {
                    *h = true;
                }
                if let Some(d) = &e.memlet.data {
                    index.in_memlets.insert(d);
                }
            }
            for (n, node) in s.nodes.iter().enumerate() {
                if let NodeKind::Access { data, .. } = &node.kind {
                    *index.access_nodes.entry(data).or_default() += 1;
                    if has_out[n] {
                        index.read.insert(data);
                    }
                }
            }
        }
        let (mut words, mut assigned) = (HashSet::new(), HashSet::new());
        uses::for_each_code(sdfg, &mut |text, name| {
            add_words(&mut words, text);
            assigned.extend(name.map(str::to_string));
        });
        index.words = words;
        index.assigned = assigned;
        index
    }

    /// `uses::mentioned_in_code`.
    pub fn mentioned_in_code(&self, data: &str) -> bool {
        if data.is_empty() || !data.chars().all(is_ident) {
            // Only whole identifiers are indexed.
            return uses::mentioned_in_code(self.sdfg, data);
        }
        self.assigned.contains(data) || self.words.contains(data)
    }

    /// `uses::read_anywhere`.
    pub fn read_anywhere(&self, data: &str) -> bool {
        self.read.contains(data) || self.mentioned_in_code(data)
    }

    /// `uses::referenced`.
    pub fn referenced(&self, data: &str) -> bool {
        self.access_nodes.contains_key(data) || self.in_memlets.contains(data) || self.mentioned_in_code(data)
    }

    /// `uses::used_elsewhere`: an access node of `data` other than `node`
    /// of the state at `path`, or a mention in code.
    pub fn used_elsewhere(&self, data: &str, path: &StatePath, node: usize) -> bool {
        let total = self.access_nodes.get(data).copied().unwrap_or(0);
        let this = place::state(self.sdfg, path).and_then(|s| access_data(s, node)) == Some(data);
        total > usize::from(this) || self.mentioned_in_code(data)
    }
}

/// Every whole identifier of `text`.
fn add_words(words: &mut HashSet<String>, text: &str) {
    for w in text.split(|c: char| !is_ident(c)).filter(|w| !w.is_empty()) {
        if !words.contains(w) {
            words.insert(w.to_string());
        }
    }
}

/// The characters `uses::mentions` counts as part of an identifier.
fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Assignment, Cfg, Condition, InterstateEdge};

    fn sdfg_with_edge(condition: &str, assignment: (&str, &str)) -> Sdfg {
        let edge = InterstateEdge {
            src: 0,
            dst: 0,
            condition: Some(Condition::python(condition)),
            assignments: vec![Assignment::new(assignment.0, assignment.1)],
            extra: Default::default(),
            loc: Default::default(),
        };
        Sdfg {
            name: "s".into(),
            arg_names: Vec::new(),
            symbols: Vec::new(),
            callbacks: Vec::new(),
            containers: Default::default(),
            constants: Vec::new(),
            experimental_blocks: false,
            cfg: Cfg { blocks: Vec::new(), edges: vec![edge], start_block: None },
            extra: Default::default(),
            loc: Default::default(),
        }
    }

    #[test]
    fn code_mentions_agree_with_uses() {
        let sdfg = sdfg_with_edge("T_1 > 0 and x[2] < y", ("k", "T2 + 1"));
        let index = UseIndex::new(&sdfg);
        for name in ["T_1", "T", "x", "y", "k", "T2", "T2 + 1", "", "1", "and", "z"] {
            assert_eq!(index.mentioned_in_code(name), uses::mentioned_in_code(&sdfg, name), "{name:?}");
        }
        assert!(index.mentioned_in_code("T_1") && !index.mentioned_in_code("T"));
    }
}
