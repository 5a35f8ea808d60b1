//! Model -> dialect -> model round trips over the corpus.

use super::{build_module, new_context, parse_module, read_module};
use melior::ir::operation::OperationLike;
use crate::json;
use std::path::Path;

#[test]
fn corpus_models_survive_the_dialect() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus");
    let context = new_context();
    let mut failures = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("corpus").filter_map(|e| e.ok()).map(|e| e.path()).collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "sdfg"));
    files.sort();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let model = match json::import_file(&path) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: import: {e}"));
                continue;
            }
        };
        // Built ops print as text that parses back to the same model and
        // the same text.
        let text = match build_module(&context, &model) {
            Ok(m) if m.as_operation().verify() => m.as_operation().to_string(),
            Ok(m) => {
                failures.push(format!("{name}: built ops do not verify\n{}", m.as_operation()));
                continue;
            }
            Err(e) => {
                failures.push(format!("{name}: build: {e}"));
                continue;
            }
        };
        let module = match parse_module(&context, &text, &name) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: parse: {}\n{text}", e[0]));
                continue;
            }
        };
        let back = match read_module(&module, &name) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{name}: read: {e}"));
                continue;
            }
        };
        let again = build_module(&context, &back).map(|m| m.as_operation().to_string()).unwrap_or_default();
        if again != text {
            let diff: Vec<String> = text.lines().zip(again.lines()).filter(|(a, b)| a != b).take(3).map(|(a, b)| format!("  - {a}\n  + {b}")).collect();
            failures.push(format!("{name}: text differs after a round trip\n{}", diff.join("\n")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Schedules, storages and lifetimes of a model's top-level states.
fn enum_values(model: &crate::model::Sdfg) -> (Vec<crate::model::Schedule>, Vec<(crate::model::Storage, crate::model::Lifetime)>) {
    use crate::model::{BlockKind, NodeKind};
    let mut schedules = Vec::new();
    for block in &model.cfg.blocks {
        let BlockKind::State(state) = &block.kind else { continue };
        for node in &state.nodes {
            match &node.kind {
                NodeKind::MapEntry { map, .. } => schedules.push(map.schedule),
                NodeKind::ConsumeEntry { consume, .. } => schedules.push(consume.schedule),
                _ => {}
            }
        }
    }
    (schedules, model.containers.iter().map(|(_, d)| (d.storage, d.lifetime)).collect())
}

/// The Rust enums and the dialect's enum attributes name the same members:
/// each one is built as an attribute and read back as itself.
#[test]
fn every_schedule_storage_and_lifetime_survives_the_dialect() {
    use crate::model::{BlockKind, Lifetime, NodeKind, Schedule, Storage};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus/vec_add.minimal.sdfg");
    let base = json::import_file(&path).expect("import");
    let context = new_context();
    for (i, schedule) in Schedule::ALL.iter().enumerate() {
        let mut model = base.clone();
        for block in &mut model.cfg.blocks {
            let BlockKind::State(state) = &mut block.kind else { continue };
            for node in &mut state.nodes {
                if let NodeKind::MapEntry { map, .. } = &mut node.kind {
                    map.schedule = *schedule;
                }
            }
        }
        for (k, (_, desc)) in model.containers.iter_mut().enumerate() {
            desc.storage = Storage::ALL[(i + k) % Storage::ALL.len()];
            desc.lifetime = Lifetime::ALL[(i + k) % Lifetime::ALL.len()];
        }
        let want = enum_values(&model);
        assert!(want.0.contains(schedule));
        let text = build_module(&context, &model).expect("build").as_operation().to_string();
        let module = parse_module(&context, &text, "enums").expect("parse");
        let back = read_module(&module, "enums").expect("read");
        assert_eq!(enum_values(&back), want, "{text}");
    }
}

/// Every scalar type is a case of `#sdfg.dtype`: built as the enum for a
/// container and a symbol, printed under DaCe's name and read back as
/// itself.
#[test]
fn every_scalar_type_survives_the_dialect() {
    use crate::model::{DType, ScalarType};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sdfg-corpus/vec_add.minimal.sdfg");
    let base = json::import_file(&path).expect("import");
    let context = new_context();
    for name in ScalarType::NAMES {
        let t = ScalarType::from_name(name).expect("a scalar type");
        let mut model = base.clone();
        model.symbols = vec![("N".into(), t)];
        for (_, desc) in model.containers.iter_mut() {
            desc.dtype = DType::Scalar(t);
        }
        let text = build_module(&context, &model).expect("build").as_operation().to_string();
        assert!(text.contains(&format!("sdfg.symbol \"N\" {{dtype = #sdfg.dtype<{name}>}}")), "{text}");
        let module = parse_module(&context, &text, "dtypes").expect("parse");
        let back = read_module(&module, "dtypes").expect("read");
        assert_eq!(back.symbols, model.symbols);
        assert!(back.containers.iter().all(|(_, d)| d.dtype == DType::Scalar(t)), "{text}");
    }
}
