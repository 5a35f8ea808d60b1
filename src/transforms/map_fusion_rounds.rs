//! MapFusion applied everywhere, in rounds. A round finds, on one analysis
//! of a state, the fusions whose maps share one parent scope and no map
//! with another fusion of the round, and applies them all: a chain of n
//! maps fuses in about log2(n) rounds, each linear in the state, instead
//! of n searches of the whole SDFG.
//!
//! The fusions of a round rewrite disjoint sets of edges (those at their
//! own maps and transient), so applying them one after the other on the
//! plans of the first analysis gives what applying each on a fresh one
//! would, with one exception: a fusion can make a path between the maps
//! of a later one, which would then close a cycle. The round checks the
//! state for a cycle at its end and, if it finds one, undoes itself and
//! applies its first fusion alone.

use super::edits;
use super::map_fusion::{access_counts, fuse, fuse_through, fusible, plan, shrink_to_scalar, Dead};
use super::place::{self, Place, StatePath, StateSite};
use super::Match;
use crate::model::{scope, NodeKind, Sdfg};
use std::collections::{HashMap, HashSet};

/// Fuses every fusible pair of maps of the SDFG (at most `limit`), state
/// by state; returns how many fusions it made.
pub(super) fn apply_everywhere(sdfg: &mut Sdfg, limit: usize) -> Result<usize, String> {
    // A fusion keeps one access node of its transient: the counts stay.
    let counts: HashMap<String, usize> = access_counts(sdfg).into_iter().map(|(d, n)| (d.to_string(), n)).collect();
    let paths: Vec<StatePath> = place::states(sdfg).into_iter().map(|(p, _)| p).collect();
    let mut count = 0;
    for path in &paths {
        while count < limit {
            let done = round(sdfg, path, &counts, limit - count)?;
            if done.is_empty() {
                break;
            }
            count += done.len();
            for (node, data) in done {
                let m = Match { place: Place { state: path.clone(), node }, description: data };
                edits::applied(true, sdfg, &m);
            }
        }
    }
    Ok(count)
}

/// One round on the state at `path`: the access nodes fused through (as
/// numbered before the round) with their data.
fn round(sdfg: &mut Sdfg, path: &[place::Step], counts: &HashMap<String, usize>, limit: usize) -> Result<Vec<(usize, String)>, String> {
    let Some(state) = place::state(sdfg, path) else { return Ok(Vec::new()) };
    let site = StateSite::new(path, state);
    let accesses = |d: &str| counts.get(d).copied().unwrap_or(0);
    let mut plans = Vec::new();
    let mut used = HashSet::new();
    let mut scope_of_round = None;
    for a in 0..state.nodes.len() {
        if plans.len() == limit {
            break;
        }
        if !matches!(state.nodes[a].kind, NodeKind::Access { .. }) {
            continue;
        }
        let Some(f) = fusible(sdfg, &site, &accesses, a) else { continue };
        let maps = [f.e1, f.x1, f.e2, f.x2];
        let parent = site.parents().ok_or("the scopes of the state are malformed")?[f.e1];
        if *scope_of_round.get_or_insert(parent) != parent || maps.iter().any(|n| used.contains(n)) {
            continue;
        }
        used.extend(maps);
        plans.push(plan(&site, a, f).ok_or("the scopes of the state are malformed")?);
    }
    let done: Vec<(usize, String)> = plans.iter().map(|p| (p.a, p.f.data.clone())).collect();
    match plans.len() {
        0 => return Ok(done),
        1 => {
            fuse_through(sdfg, path, done[0].0)?;
            return Ok(done);
        }
        _ => {}
    }
    let state = place::state_mut(sdfg, path).ok_or("match refers to a missing state")?;
    let before = state.clone();
    let mut dead = Dead::default();
    for p in &plans {
        fuse(state, p, &mut dead)?;
    }
    dead.remove_from(state);
    if scope::topological_order(state).is_none() {
        *state = before;
        fuse_through(sdfg, path, done[0].0)?;
        return Ok(done[..1].to_vec());
    }
    for (_, data) in &done {
        shrink_to_scalar(sdfg, data)?;
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::DataKind;
    use crate::transforms::map_fusion::MapFusion;
    use crate::transforms::{Options, Transformation};

    /// What fusing left: the containers that are scalars, and each state's
    /// number of nodes and edges.
    fn outcome(sdfg: &Sdfg) -> (Vec<String>, Vec<(usize, usize)>) {
        let scalars = sdfg.containers.iter().filter(|(_, d)| d.kind == DataKind::Scalar).map(|(n, _)| n.clone()).collect();
        let sizes = place::states(sdfg).iter().map(|(_, s)| (s.nodes.len(), s.edges.len())).collect();
        (scalars, sizes)
    }

    #[test]
    fn rounds_fuse_what_one_fusion_at_a_time_fuses() {
        let none = Options::default();
        let mut fused = 0;
        for path in crate::json::tests::corpus_files() {
            let Ok(sdfg) = crate::json::import_file(&path) else { continue };
            let mut rounds = sdfg.clone();
            let n = apply_everywhere(&mut rounds, usize::MAX).unwrap();
            let mut single = sdfg;
            let mut m = 0;
            while let Some(found) = MapFusion.first_match(&single, &none).unwrap() {
                MapFusion.apply(&mut single, &found, &none).unwrap();
                m += 1;
            }
            let file = path.display();
            assert_eq!(n, m, "{file}: {n} fusions in rounds, {m} one at a time");
            assert_eq!(outcome(&rounds), outcome(&single), "{file}");
            assert!(crate::verify::verify(&rounds).is_ok(), "{file}: the fused SDFG does not verify");
            fused += n;
        }
        assert!(fused >= 20, "only {fused} fusions over the corpus");
    }
}
