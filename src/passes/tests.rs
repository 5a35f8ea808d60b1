//! The model cache relies on one promise of every transformation: when it
//! applies nowhere (`apply_deep` returns 0), it leaves the SDFG as it was.

use crate::{ir, transforms};

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
