use super::*;
use crate::json;
use std::path::Path;

fn corpus() -> Vec<(String, Sdfg)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("corpus directory").map(|e| e.expect("entry").path()).collect();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "sdfg"))
        .map(|p| (p.display().to_string(), json::import_file(&p).expect("corpus file")))
        .collect()
}

/// After each fusion, the `Accesses` carried over from the two states
/// agree with those of the fused state found from scratch: the same
/// writes, writers and scope tree, and reads that differ only in
/// containers the state also writes.
#[test]
fn carried_accesses_match_the_fused_state() {
    let mut flows = 0;
    for (name, mut sdfg) in corpus() {
        let aliases = aliasing(&sdfg);
        let cfg = &mut sdfg.cfg;
        let mut edge = 0;
        while edge < cfg.edges.len() {
            let (a, b) = (cfg.edges[edge].src, cfg.edges[edge].dst);
            let found = match (linked(&Degrees::of(cfg), cfg, edge), state(cfg, a), state(cfg, b)) {
                (true, Some(sa), Some(sb)) => {
                    let (xa, xb) = (Accesses::of(sa), Accesses::of(sb));
                    merges(&aliases, &xa, &xb, sa, sb).map(|m| (m, xa, xb))
                }
                _ => None,
            };
            let Some((found, mut carried, xb)) = found else {
                edge += 1;
                continue;
            };
            flows += found.len();
            let moved = fuse(cfg, a, b, &found);
            carried.absorb(xb, &moved);
            let fresh = Accesses::of(state(cfg, a).expect("fused state"));
            assert_eq!(carried.writes, fresh.writes, "{name}");
            assert_eq!(carried.writers, fresh.writers, "{name}");
            assert_eq!(carried.parents, fresh.parents, "{name}");
            assert!(fresh.reads.is_subset(&carried.reads), "{name}");
            assert!(carried.reads.iter().all(|r| fresh.reads.contains(r) || fresh.writes.contains(r)), "{name}");
            // Fuse it for real, so that later edges see the grown state.
            drop_fused(cfg, a, b, edge);
            edge = 0;
        }
    }
    assert!(flows > 0, "no fusion in the corpus merged access nodes");
}

/// The rounds leave no fusable pair behind, and fuse as often as applying
/// the first match again and again fuses pairs.
#[test]
fn rounds_reach_the_fixed_point() {
    let options = Options::parse("").expect("no options");
    for (name, sdfg) in corpus() {
        let mut rounds = sdfg.clone();
        let fused = StateFusion.apply_everywhere(&mut rounds, &options, usize::MAX).expect("fusion");
        assert!(find(&rounds).is_empty(), "{name}");
        let mut single = sdfg;
        let mut one_by_one = 0;
        while let Some(m) = find(&single).into_iter().next() {
            StateFusion.apply(&mut single, &m, &options).expect("fusion");
            one_by_one += 1;
        }
        assert_eq!(fused, one_by_one, "{name}");
    }
}
