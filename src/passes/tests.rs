//! The model cache relies on one promise of every transformation: when it
//! applies nowhere (`apply_deep` returns 0), it leaves the SDFG as it was.

use crate::{ir, transforms};
use melior::ir::operation::OperationLike;

#[test]
fn a_transformation_that_applies_nowhere_changes_nothing() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus");
    let Ok(entries) = std::fs::read_dir(&corpus) else {
        panic!("the corpus is missing: {}", corpus.display());
    };
    let mut files: Vec<_> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "sdfg"));
    files.sort();
    let context = ir::new_context();
    let mut checked = 0;
    for path in &files {
        let file = path.display().to_string();
        let Ok(imported) = crate::json::import_file(path) else { continue };
        let module = crate::translate::module_of(&context, &imported, &file).unwrap_or_else(|d| panic!("{file}: {d:?}"));
        let model = ir::read_module(&module, &file).unwrap_or_else(|d| panic!("{file}: {d:?}"));
        for t in transforms::all() {
            let mut changed = model.clone();
            if let Ok(0) = transforms::apply_deep(*t, &mut changed, &transforms::Options::default(), 10_000) {
                assert!(changed == model, "{} applied nowhere on {file} but changed the SDFG", t.name());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} transformation runs checked");
}

/// The block ops of the SDFG's top-level CFG (as raw pointers; null for
/// blocks other than states), in block order.
fn top_level_states(module: &melior::ir::Module) -> Vec<*mut std::ffi::c_void> {
    use melior::ir::{BlockLike, RegionLike};
    let sdfg_op = module.body().first_operation().expect("an sdfg.sdfg");
    let body = sdfg_op.region(0).unwrap().first_block().unwrap();
    let mut out = Vec::new();
    let mut next = body.first_operation();
    while let Some(op) = next {
        match op.name().as_string_ref().as_str() {
            Ok("sdfg.state") => out.push(op.to_raw().ptr),
            Ok("sdfg.region" | "sdfg.loop" | "sdfg.conditional" | "sdfg.break" | "sdfg.continue" | "sdfg.return") => {
                out.push(std::ptr::null_mut())
            }
            _ => {}
        }
        next = op.next_in_block();
    }
    out
}

/// A transformation whose edits stay in its states rebuilds only those
/// states' ops, and the module then prints as if it had been rebuilt whole.
#[test]
fn rebuilding_the_touched_states_gives_the_whole_rebuild() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus");
    let mut files: Vec<_> = std::fs::read_dir(&corpus).expect("the corpus").filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.retain(|p| p.extension().is_some_and(|x| x == "sdfg"));
    files.sort();
    let context = ir::new_context();
    let (mut partial, mut untouched_kept, mut nested_only) = (0, 0, 0);
    for path in &files {
        let file = path.display().to_string();
        let Ok(imported) = crate::json::import_file(path) else { continue };
        for t in transforms::all() {
            let module = crate::translate::module_of(&context, &imported, &file).unwrap_or_else(|d| panic!("{file}: {d:?}"));
            let mut model = ir::read_module(&module, &file).unwrap_or_else(|d| panic!("{file}: {d:?}"));
            transforms::edits::start(&model);
            let applied = transforms::apply_deep(*t, &mut model, &transforms::Options::default(), 10_000);
            let touched = transforms::edits::finish(*applied.as_ref().unwrap_or(&0));
            let (Ok(1..), transforms::edits::Touched::States(paths)) = (applied, touched) else { continue };
            let before = top_level_states(&module);
            let sdfg_op = {
                use melior::ir::BlockLike;
                module.body().first_operation().unwrap()
            };
            ir::rebuild::rebuild_states(&context, sdfg_op, &model, &paths).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert!(module.as_operation().verify(), "{}: {file}: the rebuilt module does not verify", t.name());
            let whole = ir::build_module(&context, &model).unwrap();
            assert_eq!(module.as_operation().to_string(), whole.as_operation().to_string(), "{} on {file}", t.name());
            let after = top_level_states(&module);
            for (i, (b, a)) in before.iter().zip(&after).enumerate().filter(|(_, (b, _))| !b.is_null()) {
                let touched = paths.contains(&vec![crate::model::Step::Block(i)]);
                assert_eq!(b == a, !touched, "{} on {file}: state {i} kept {} but touched {touched}", t.name(), b == a);
                untouched_kept += usize::from(b == a);
            }
            partial += 1;
            // A transformation whose edits may leave their state gets a
            // partial rebuild only where it applied inside nested SDFGs.
            nested_only += usize::from(!t.local_edits());
        }
    }
    assert!(partial > 50 && untouched_kept > 50, "only {partial} partial rebuilds, {untouched_kept} states kept");
    assert!(nested_only >= 4, "only {nested_only} partial rebuilds after applications inside nested SDFGs");
}
