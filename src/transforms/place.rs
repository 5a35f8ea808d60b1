//! Where in an SDFG a match is: the path to a state through nested control
//! flow, and (for dataflow transformations) a node in it.

use super::Match;
use crate::model::dataflow::Dataflow;
use crate::model::{scope, Block, BlockKind, Cfg, MapScope, Node, NodeKind, Sdfg, State};
use std::cell::OnceCell;

pub use crate::model::{StatePath, Step};

#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    pub state: StatePath,
    /// A node of that state.
    pub node: usize,
}

/// Every state of the SDFG (not of nested SDFGs), depth first.
pub fn states(sdfg: &Sdfg) -> Vec<(StatePath, &State)> {
    let mut out = Vec::new();
    walk(&sdfg.cfg, &mut Vec::new(), &mut |_, _| {}, &mut |path, block| {
        if let BlockKind::State(s) = &block.kind {
            out.push((path.to_vec(), s));
        }
    });
    out
}

/// Walks `cfg` and every CFG nested in its blocks, depth first: `on_cfg`
/// sees each CFG before its blocks, `on_block` each block (the path ends
/// at it) before the CFGs inside it.
fn walk<'a>(cfg: &'a Cfg, path: &mut Vec<Step>, on_cfg: &mut dyn FnMut(&[Step], &'a Cfg), on_block: &mut dyn FnMut(&[Step], &'a Block)) {
    on_cfg(path, cfg);
    for (i, b) in cfg.blocks.iter().enumerate() {
        path.push(Step::Block(i));
        on_block(path, b);
        match &b.kind {
            BlockKind::Region { cfg, .. } => walk(cfg, path, on_cfg, on_block),
            BlockKind::Loop(l) => walk(&l.cfg, path, on_cfg, on_block),
            BlockKind::Conditional(brs) => {
                for (k, br) in brs.iter().enumerate() {
                    path.push(Step::Branch(k));
                    walk(&br.cfg, path, on_cfg, on_block);
                    path.pop();
                }
            }
            _ => {}
        }
        path.pop();
    }
}

/// The matches `f` finds in each state, depth first.
pub fn each_state(sdfg: &Sdfg, mut f: impl FnMut(&StatePath, &State) -> Vec<Match>) -> Vec<Match> {
    states(sdfg).into_iter().flat_map(|(path, state)| f(&path, state)).collect()
}

/// The matches `f` finds in the state at `path` (none when there is none).
pub fn one_state(sdfg: &Sdfg, path: &[Step], f: impl FnOnce(&StatePath, &State) -> Vec<Match>) -> Vec<Match> {
    state(sdfg, path).map(|s| f(&path.to_vec(), s)).unwrap_or_default()
}

/// One match per block of any CFG for which `describe` gives a
/// description; the match's state path ends at the block.
pub fn block_matches(sdfg: &Sdfg, mut describe: impl FnMut(&[Step], &Block) -> Option<String>) -> Vec<Match> {
    let mut out = Vec::new();
    visit_cfgs(&sdfg.cfg, &mut Vec::new(), &mut |path, cfg| {
        for (b, block) in cfg.blocks.iter().enumerate() {
            let mut at = path.to_vec();
            at.push(Step::Block(b));
            if let Some(description) = describe(&at, block) {
                out.push(Match { place: Place { state: at, node: 0 }, description });
            }
        }
    });
    out
}

/// The block a [`block_matches`] match names: the steps to its CFG, its
/// index there, and a copy of it.
pub fn matched_block(sdfg: &mut Sdfg, m: &Match) -> Result<(Vec<Step>, usize, Block), String> {
    let (cfg_path, b) = match m.place.state.split_last() {
        Some((Step::Block(b), rest)) => (rest.to_vec(), *b),
        _ => return Err("match does not name a block".into()),
    };
    let block = cfg_at(&mut sdfg.cfg, &cfg_path).and_then(|cfg| cfg.blocks.get(b)).cloned();
    Ok((cfg_path, b, block.ok_or("match refers to a missing block")?))
}

/// The state at `path`.
pub fn state<'a>(sdfg: &'a Sdfg, path: &[Step]) -> Option<&'a State> {
    let mut cfg = &sdfg.cfg;
    let mut steps = path.iter().peekable();
    while let Some(step) = steps.next() {
        let Step::Block(b) = step else { return None };
        match &cfg.blocks.get(*b)?.kind {
            BlockKind::State(s) if steps.peek().is_none() => return Some(s),
            BlockKind::Region { cfg: inner, .. } => cfg = inner,
            BlockKind::Loop(l) => cfg = &l.cfg,
            BlockKind::Conditional(brs) => {
                let Some(Step::Branch(k)) = steps.next() else { return None };
                cfg = &brs.get(*k)?.cfg;
            }
            _ => return None,
        }
    }
    None
}

/// A state offered to a matcher, with the analyses matchers ask about
/// computed once per state rather than once per candidate node.
pub struct StateSite<'a> {
    pub path: &'a [Step],
    pub state: &'a State,
    parents: OnceCell<Option<Vec<Option<usize>>>>,
    children: OnceCell<Vec<Vec<usize>>>,
    graph: OnceCell<Dataflow<'a>>,
}

impl<'a> StateSite<'a> {
    pub fn new(path: &'a [Step], state: &'a State) -> StateSite<'a> {
        StateSite { path, state, parents: OnceCell::new(), children: OnceCell::new(), graph: OnceCell::new() }
    }

    /// Each node's innermost enclosing scope entry (`None` when the scopes
    /// are malformed).
    pub fn parents(&self) -> Option<&[Option<usize>]> {
        self.parents.get_or_init(|| scope::scope_parents_in(self.graph()).ok()).as_deref()
    }

    /// The nodes inside the scope of `entry` (its exit and nested scopes
    /// included) in index order, as [`super::scope_subst::inside`] finds
    /// them, from a children index built once per state.
    pub fn body(&self, entry: usize) -> Option<Vec<usize>> {
        let parents = self.parents()?;
        let children = self.children.get_or_init(|| {
            let mut children = vec![Vec::new(); parents.len()];
            for (node, parent) in parents.iter().enumerate() {
                if let Some(p) = parent {
                    children[*p].push(node);
                }
            }
            children
        });
        let mut body = Vec::new();
        let mut stack = vec![entry];
        while let Some(scope) = stack.pop() {
            body.extend(&children[scope]);
            stack.extend(&children[scope]);
        }
        body.sort_unstable();
        Some(body)
    }

    /// The edges around each node and connector.
    pub fn graph(&self) -> &Dataflow<'a> {
        self.graph.get_or_init(|| Dataflow::new(self.state))
    }
}

/// One match per node of every state for which `describe` gives a
/// description, in state and node order.
pub fn node_matches(sdfg: &Sdfg, describe: impl FnMut(&StateSite, usize) -> Option<String>) -> Vec<Match> {
    node_matches_up_to(sdfg, usize::MAX, describe)
}

/// The first of [`node_matches`], found without looking further.
pub fn first_node_match(sdfg: &Sdfg, describe: impl FnMut(&StateSite, usize) -> Option<String>) -> Option<Match> {
    node_matches_up_to(sdfg, 1, describe).pop()
}

/// The [`super::Transformation`] methods of a transformation whose matches
/// are nodes that `$describe(sdfg, site, node)` describes, each application
/// changing its own state alone: listing, the first match, and the search
/// of one state at a time when applying everywhere.
macro_rules! node_matched_in_states {
    ($describe:path) => {
        fn matches(&self, sdfg: &$crate::model::Sdfg) -> Vec<$crate::transforms::Match> {
            $crate::transforms::place::node_matches(sdfg, |site, a| $describe(sdfg, site, a))
        }

        fn first_match(&self, sdfg: &$crate::model::Sdfg, _options: &$crate::transforms::Options) -> Result<Option<$crate::transforms::Match>, String> {
            Ok($crate::transforms::place::first_node_match(sdfg, |site, a| $describe(sdfg, site, a)))
        }

        fn state_local(&self) -> bool {
            true
        }

        fn matches_in_state(
            &self,
            sdfg: &$crate::model::Sdfg,
            path: &[$crate::transforms::place::Step],
            _options: &$crate::transforms::Options,
        ) -> Result<Vec<$crate::transforms::Match>, String> {
            Ok($crate::transforms::place::node_matches_in_state(sdfg, path, |site, a| $describe(sdfg, site, a)))
        }
    };
}
pub(crate) use node_matched_in_states;

/// The [`super::Transformation`] methods of a transformation that finds its
/// matches state by state: listing them in every state and in one.
/// `within: $f` names `$f(sdfg, within: Within) -> Vec<Match>`, `each: $f`
/// names `$f(sdfg, path, state) -> Vec<Match>` for one state; a trailing
/// `state_local` also declares that an application changes its own state
/// alone ([`super::Transformation::state_local`]).
macro_rules! state_matched {
    (within: $f:expr) => {
        fn matches(&self, sdfg: &$crate::model::Sdfg) -> Vec<$crate::transforms::Match> {
            ($f)(sdfg, $crate::transforms::place::Within::All)
        }

        fn matches_in_state(
            &self,
            sdfg: &$crate::model::Sdfg,
            path: &[$crate::transforms::place::Step],
            _options: &$crate::transforms::Options,
        ) -> Result<Vec<$crate::transforms::Match>, String> {
            Ok(($f)(sdfg, $crate::transforms::place::Within::State(path)))
        }
    };
    (each: $f:expr) => {
        $crate::transforms::place::state_matched!(within: |sdfg, within: $crate::transforms::place::Within| {
            within.states(sdfg).into_iter().flat_map(|(path, state)| ($f)(sdfg, &path, state)).collect::<Vec<_>>()
        });
    };
    ($how:ident: $f:expr, state_local) => {
        $crate::transforms::place::state_matched!($how: $f);

        fn state_local(&self) -> bool {
            true
        }
    };
}
pub(crate) use state_matched;

/// [`node_matches`] in the state at `path` only.
pub fn node_matches_in_state(sdfg: &Sdfg, path: &[Step], mut describe: impl FnMut(&StateSite, usize) -> Option<String>) -> Vec<Match> {
    one_state(sdfg, path, |path, state| {
        let site = StateSite::new(path, state);
        let described = (0..state.nodes.len()).filter_map(|node| describe(&site, node).map(|d| (node, d)));
        described.map(|(node, description)| Match { place: Place { state: path.clone(), node }, description }).collect()
    })
}

fn node_matches_up_to(sdfg: &Sdfg, limit: usize, mut describe: impl FnMut(&StateSite, usize) -> Option<String>) -> Vec<Match> {
    let mut out = Vec::new();
    for (path, state) in states(sdfg) {
        let site = StateSite::new(&path, state);
        for node in 0..state.nodes.len() {
            if out.len() == limit {
                return out;
            }
            if let Some(description) = describe(&site, node) {
                out.push(Match { place: Place { state: path.clone(), node }, description });
            }
        }
    }
    out
}

/// A map entry offered to a matcher (see [`map_matches`]).
pub struct MapSite<'a> {
    pub path: &'a [Step],
    pub state: &'a State,
    /// The entry's index in `state.nodes`.
    pub node: usize,
    pub entry: &'a Node,
    pub map: &'a MapScope,
    /// Each node's innermost enclosing scope entry.
    pub parents: &'a [Option<usize>],
    /// The state's analyses (edge lists, scope bodies).
    pub scopes: &'a StateSite<'a>,
}

impl MapSite<'_> {
    /// `map 'label' [shown] in state 'label'`.
    pub fn describe(&self, sdfg: &Sdfg, shown: &str) -> String {
        format!("map '{}' [{shown}] in state '{}'", self.entry.label, state_label(sdfg, self.path))
    }

    /// [`MapSite::describe`] naming all parameters.
    pub fn describe_all(&self, sdfg: &Sdfg) -> String {
        self.describe(sdfg, &self.map.params.join(", "))
    }
}

/// The states a matcher looks at: all of them, or one (a driver re-checking
/// a match there after changing another state).
#[derive(Clone, Copy, Debug)]
pub enum Within<'p> {
    All,
    State(&'p [Step]),
}

impl Within<'_> {
    /// The states of `sdfg` this covers, depth first.
    pub fn states<'a>(&self, sdfg: &'a Sdfg) -> Vec<(StatePath, &'a State)> {
        match self {
            Within::All => states(sdfg),
            Within::State(path) => state(sdfg, path).map(|s| (path.to_vec(), s)).into_iter().collect(),
        }
    }
}

/// One match per map entry (of states whose scopes are well formed) for
/// which `describe` gives a description, in state and node order.
pub fn map_matches(sdfg: &Sdfg, describe: impl FnMut(&MapSite) -> Option<String>) -> Vec<Match> {
    map_matches_within(sdfg, Within::All, describe)
}

/// [`map_matches`] in the states `within` covers.
pub fn map_matches_within(sdfg: &Sdfg, within: Within, mut describe: impl FnMut(&MapSite) -> Option<String>) -> Vec<Match> {
    let mut out = Vec::new();
    for (path, state) in within.states(sdfg) {
        if !state.nodes.iter().any(|n| matches!(n.kind, NodeKind::MapEntry { .. })) {
            continue;
        }
        let scopes = StateSite::new(&path, state);
        let Some(parents) = scopes.parents() else { continue };
        for (node, entry) in state.nodes.iter().enumerate() {
            let NodeKind::MapEntry { map, .. } = &entry.kind else { continue };
            let site = MapSite { path: &path, state, node, entry, map, parents, scopes: &scopes };
            if let Some(description) = describe(&site) {
                out.push(Match { place: Place { state: path.clone(), node }, description });
            }
        }
    }
    out
}

/// The state at `path`, for changing it.
pub fn state_mut<'a>(sdfg: &'a mut Sdfg, path: &[Step]) -> Option<&'a mut State> {
    let mut cfg = &mut sdfg.cfg;
    let mut steps = path.iter().peekable();
    while let Some(step) = steps.next() {
        let Step::Block(b) = step else { return None };
        let block = cfg.blocks.get_mut(*b)?;
        match &mut block.kind {
            BlockKind::State(s) if steps.peek().is_none() => return Some(s),
            BlockKind::Region { cfg: inner, .. } => cfg = inner,
            BlockKind::Loop(l) => cfg = &mut l.cfg,
            BlockKind::Conditional(brs) => {
                let Some(Step::Branch(k)) = steps.next() else { return None };
                cfg = &mut brs.get_mut(*k)?.cfg;
            }
            _ => return None,
        }
    }
    None
}

/// The label of the state at `path`.
pub fn state_label(sdfg: &Sdfg, path: &[Step]) -> String {
    state(sdfg, path).map(|_| label_at(&sdfg.cfg, path)).unwrap_or_default()
}

fn label_at(cfg: &Cfg, path: &[Step]) -> String {
    match path {
        [Step::Block(b)] => cfg.blocks.get(*b).map(|b| b.label.clone()).unwrap_or_default(),
        [Step::Block(b), rest @ ..] => match cfg.blocks.get(*b).map(|b| &b.kind) {
            Some(BlockKind::Region { cfg, .. }) => label_at(cfg, rest),
            Some(BlockKind::Loop(l)) => label_at(&l.cfg, rest),
            Some(BlockKind::Conditional(brs)) => match rest {
                [Step::Branch(k), tail @ ..] => brs.get(*k).map(|br| label_at(&br.cfg, tail)).unwrap_or_default(),
                _ => String::new(),
            },
            _ => String::new(),
        },
        _ => String::new(),
    }
}

/// Calls `f` for every CFG (the SDFG's and nested regions', loops' and
/// branches') with the steps to it.
pub fn visit_cfgs(cfg: &Cfg, path: &mut Vec<Step>, f: &mut dyn FnMut(&[Step], &Cfg)) {
    walk(cfg, path, &mut |p, c| f(p, c), &mut |_, _| {});
}

/// The CFG at the end of `path` (as `visit_cfgs` reports it).
pub fn cfg_at<'a>(cfg: &'a mut Cfg, path: &[Step]) -> Option<&'a mut Cfg> {
    let Some((first, rest)) = path.split_first() else { return Some(cfg) };
    let Step::Block(b) = first else { return None };
    match &mut cfg.blocks.get_mut(*b)?.kind {
        BlockKind::Region { cfg, .. } => cfg_at(cfg, rest),
        BlockKind::Loop(l) => cfg_at(&mut l.cfg, rest),
        BlockKind::Conditional(brs) => match rest.split_first() {
            Some((Step::Branch(k), tail)) => cfg_at(&mut brs.get_mut(*k)?.cfg, tail),
            _ => None,
        },
        _ => None,
    }
}
