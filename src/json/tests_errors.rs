//! Error reporting (paths, line:col, several errors at once) and robustness
//! against arbitrary input (truncations and random mutations never panic).

use super::tests::{assert_same, corpus_dir, normalized};
use super::{export, import_bytes, import_file, import_str};
use serde_json::{json, Value};

fn minimal_vec_add() -> Value {
    let text = std::fs::read_to_string(corpus_dir().join("vec_add.minimal.sdfg")).unwrap_or_default();
    serde_json::from_str(&text).unwrap_or(Value::Null)
}

/// Imports `doc` as `bad.sdfg` and returns the printed diagnostics.
fn errors_of(doc: &Value) -> Vec<String> {
    match import_str(&doc.to_string(), "bad.sdfg") {
        Ok(_) => panic!("import of a broken document succeeded"),
        Err(d) => d.0.iter().map(|d| d.to_string()).collect(),
    }
}

fn assert_reported(errors: &[String], needle: &str) {
    assert!(errors.iter().any(|e| e.contains(needle)), "no error containing `{needle}` in {errors:#?}");
}

#[test]
fn the_unmodified_document_imports() {
    assert!(import_str(&minimal_vec_add().to_string(), "ok.sdfg").is_ok());
}

#[test]
fn truncated_json_reports_line_and_column() {
    let text = "{\n  \"type\": \"SDFG\",\n  \"nodes\": [";
    let err = import_str(text, "cut.sdfg").err().map(|d| d.to_string()).unwrap_or_default();
    assert!(err.starts_with("cut.sdfg:3:12: error: invalid JSON"), "{err}");
}

#[test]
fn wrong_json_type_names_path_and_kinds() {
    let mut doc = minimal_vec_add();
    doc["nodes"][1]["nodes"][1]["attributes"]["code"]["string_data"] = json!(5);
    doc["attributes"]["_arrays"]["a"]["attributes"]["shape"] = json!("N");
    let errors = errors_of(&doc);
    assert_reported(
        &errors,
        "bad.sdfg:nodes[1].nodes[1].attributes.code.string_data: error: expected a string, found number",
    );
    assert_reported(
        &errors,
        "bad.sdfg:attributes._arrays.a.attributes.shape: error: expected an array, found string",
    );
    assert_eq!(errors.len(), 2, "{errors:#?}");
}

#[test]
fn unknown_types_list_the_known_ones() {
    let mut doc = minimal_vec_add();
    doc["nodes"][1]["nodes"][3]["type"] = json!("FancyNode");
    doc["nodes"][0]["type"] = json!("FancyState");
    doc["attributes"]["_arrays"]["b"]["type"] = json!("Tensor");
    let errors = errors_of(&doc);
    assert_reported(
        &errors,
        "bad.sdfg:nodes[1].nodes[3].type: error: unknown node type `FancyNode` (known: AccessNode",
    );
    assert_reported(
        &errors,
        "bad.sdfg:nodes[0].type: error: unknown block type `FancyState` (known: SDFGState",
    );
    assert_reported(
        &errors,
        "bad.sdfg:attributes._arrays.b.type: error: unknown data descriptor type `Tensor`",
    );
}

#[test]
fn dangling_edges_name_the_edge_and_index() {
    let mut doc = minimal_vec_add();
    doc["nodes"][1]["edges"][3]["dst"] = json!("17");
    doc["nodes"][1]["edges"][0]["src"] = json!(-1);
    doc["edges"] = json!([{"type": "Edge", "src": "0", "dst": "9",
                           "attributes": {"data": {"type": "InterstateEdge", "attributes": {}}}}]);
    let errors = errors_of(&doc);
    assert_reported(&errors, "bad.sdfg:nodes[1].edges[3].dst: error: node index 17 out of range");
    assert_reported(&errors, "bad.sdfg:nodes[1].edges[0].src: error: invalid node index -1");
    assert_reported(&errors, "bad.sdfg:edges[0].dst: error: block index 9 out of range");
}

#[test]
fn bad_expressions_and_subsets_give_the_parser_message() {
    let mut doc = minimal_vec_add();
    let ranges = &mut doc["nodes"][1]["edges"][2]["attributes"]["data"]["attributes"]["subset"]["ranges"];
    ranges[0]["end"] = json!("i +* 2");
    doc["nodes"][1]["edges"][4]["attributes"]["data"]["attributes"]["subset"]["type"] = json!("Cube");
    let errors = errors_of(&doc);
    let path = "bad.sdfg:nodes[1].edges[2].attributes.data.attributes.subset.ranges[0].end: error: cannot parse expression `i +* 2`: ";
    assert_reported(&errors, path);
    assert_reported(
        &errors,
        "nodes[1].edges[4].attributes.data.attributes.subset.type: error: unknown subset type `Cube`",
    );
}

#[test]
fn missing_required_keys_are_reported() {
    let mut doc = minimal_vec_add();
    let edge = doc["nodes"][1]["edges"][1].as_object_mut().map(|e| e.remove("dst_connector"));
    assert!(edge.is_some());
    doc["nodes"][0].as_object_mut().map(|b| b.remove("label"));
    doc["attributes"]["_arrays"]["c"]["attributes"].as_object_mut().map(|a| a.remove("shape"));
    doc["attributes"].as_object_mut().map(|a| a.remove("name"));
    let errors = errors_of(&doc);
    assert_reported(&errors, "bad.sdfg:nodes[1].edges[1]: error: missing required key `dst_connector`");
    assert_reported(&errors, "bad.sdfg:nodes[0]: error: missing required key `label`");
    assert_reported(&errors, "bad.sdfg:attributes._arrays.c.attributes: error: missing required key `shape`");
    assert_reported(&errors, "bad.sdfg:attributes: error: missing required key `name`");
}

#[test]
fn scope_pairs_link_from_either_side_or_fail() {
    // vec_add.minimal: MapEntry 0 says scope_exit "2", MapExit 2 says scope_entry "0".
    let mut doc = minimal_vec_add();
    doc["nodes"][1]["nodes"][0]["scope_exit"] = Value::Null;
    assert!(import_str(&doc.to_string(), "one_side.sdfg").is_ok());
    doc["nodes"][1]["nodes"][2]["scope_entry"] = Value::Null;
    let errors = errors_of(&doc);
    assert_reported(
        &errors,
        "bad.sdfg:nodes[1].nodes[0].scope_exit: error: cannot find the MapExit of this MapEntry",
    );
    assert_reported(
        &errors,
        "bad.sdfg:nodes[1].nodes[2].scope_entry: error: cannot find the MapEntry of this MapExit",
    );
    let mut doc = minimal_vec_add();
    doc["nodes"][1]["nodes"][0]["scope_exit"] = json!("1");
    assert_reported(
        &errors_of(&doc),
        "nodes[1].nodes[0].scope_exit: error: node 1 is a Tasklet, expected a MapExit",
    );
}

#[test]
fn old_keys_and_integer_indices_are_accepted() {
    let mut doc = minimal_vec_add();
    doc["start_state"] = json!(0);
    doc["sdfg_list_id"] = json!(0);
    doc["nodes"][1]["edges"][0]["src"] = json!(3);
    let text = doc.to_string();
    let a = import_str(&text, "a.sdfg").unwrap_or_else(|e| panic!("{e}"));
    let b = import_str(&minimal_vec_add().to_string(), "a.sdfg").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(normalized(a, false), normalized(b, false));
}

#[test]
fn io_and_encoding_errors_name_the_file() {
    let err = import_file(std::path::Path::new("/nonexistent/x.sdfg")).err().map(|d| d.to_string());
    assert!(err.unwrap_or_default().starts_with("/nonexistent/x.sdfg: error: cannot read file"));
    let err = import_bytes(&[0x1f, 0x8b, 1, 2, 3], "z.sdfgz").err().map(|d| d.to_string());
    assert!(err.unwrap_or_default().starts_with("z.sdfgz: error: cannot decompress"));
    let err = import_bytes(&[b'{', 0xff, b'}'], "u.sdfg").err().map(|d| d.to_string());
    assert_eq!(err.unwrap_or_default(), "u.sdfg:1:2: error: not UTF-8 text: invalid byte 0xff");
    // Columns count characters, lines restart them.
    let mut bytes = "{\n  \"é\": \"".as_bytes().to_vec();
    bytes.extend([0xe9, b'"', b'}']);
    let err = import_bytes(&bytes, "v.sdfg").err().map(|d| d.to_string());
    assert_eq!(err.unwrap_or_default(), "v.sdfg:2:9: error: not UTF-8 text: invalid byte 0xe9");
}

#[test]
fn errors_of_the_root_object_are_placed_at_its_start() {
    let mut doc = minimal_vec_add();
    if let Some(o) = doc.as_object_mut() {
        o.remove("type");
    }
    assert_reported(&errors_of(&doc), "bad.sdfg:1:1: error: missing required key `type`");
    let err = import_str("\n  [1, 2]", "a.sdfg").err().map(|d| d.to_string());
    assert_eq!(err.unwrap_or_default(), "a.sdfg:2:3: error: expected an object, found array");
}

/// A small deterministic generator (no dependency needed).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

#[test]
fn truncated_prefixes_never_panic() {
    for name in ["vec_add.minimal.sdfg", "consume_fib.minimal.sdfg", "break_continue.minimal.sdfg"] {
        let text = std::fs::read_to_string(corpus_dir().join(name)).unwrap_or_default();
        let text = text.trim_end();
        assert!(!text.is_empty());
        for cut in (0..text.len()).step_by(7) {
            if text.is_char_boundary(cut) {
                assert!(import_str(&text[..cut], name).is_err(), "prefix {cut} of {name} imported");
            }
        }
    }
}

/// Replaces the `k`-th value of the tree (pre-order) by `f(old)`.
fn mutate_nth(v: &mut Value, k: &mut usize, f: &mut dyn FnMut(&mut Value)) -> bool {
    if *k == 0 {
        f(v);
        return true;
    }
    *k -= 1;
    let children: Vec<&mut Value> = match v {
        Value::Object(m) => m.values_mut().collect(),
        Value::Array(a) => a.iter_mut().collect(),
        _ => return false,
    };
    children.into_iter().any(|c| mutate_nth(c, k, f))
}

fn count(v: &Value) -> usize {
    1 + match v {
        Value::Object(m) => m.values().map(count).sum(),
        Value::Array(a) => a.iter().map(count).sum(),
        _ => 0,
    }
}

#[test]
fn random_mutations_never_panic_and_what_imports_round_trips() {
    let replacements = [
        json!(null),
        json!(0),
        json!(-1),
        json!(1.5),
        json!(true),
        json!(""),
        json!("x"),
        json!("0:N"),
        json!("N -"),
        json!("99999999999999999999"),
        json!({}),
        json!([]),
        json!(["0"]),
        json!({"type": "Range"}),
        json!({"main": "N", "approx": "N"}),
        json!([[null, {}]]),
    ];
    let mut rng = Lcg(0x5d);
    let mut imported = 0;
    for name in [
        "vec_add.minimal.sdfg",
        "consume_fib.minimal.sdfg",
        "break_continue.minimal.sdfg",
        "nested_call.minimal.sdfg",
    ] {
        let text = std::fs::read_to_string(corpus_dir().join(name)).unwrap_or_default();
        let original: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let size = count(&original);
        for _ in 0..400 {
            let mut doc = original.clone();
            for _ in 0..1 + rng.next(3) {
                let mut k = rng.next(size);
                let choice = rng.next(replacements.len() + 2);
                mutate_nth(&mut doc, &mut k, &mut |v| match (choice, &mut *v) {
                    // Drop a key or an element instead of replacing a value.
                    (c, Value::Object(m)) if c == replacements.len() && !m.is_empty() => {
                        let key = m.keys().next().cloned().unwrap_or_default();
                        m.remove(&key);
                    }
                    (c, Value::Array(a)) if c == replacements.len() && !a.is_empty() => {
                        a.pop();
                    }
                    (c, _) if c < replacements.len() => *v = replacements[c].clone(),
                    _ => {}
                });
            }
            let Ok(model) = import_str(&doc.to_string(), name) else { continue };
            imported += 1;
            let exported = export(&model).to_string();
            match import_str(&exported, name) {
                Ok(again) => assert_same(
                    &format!("{:#?}", normalized(again, false)),
                    &format!("{:#?}", normalized(model, false)),
                    &format!("mutated {name} does not round-trip: {doc}"),
                ),
                Err(e) => panic!("export of a mutated {name} does not import: {e}\n{doc}"),
            }
        }
    }
    // Both outcomes must have been exercised.
    assert!(imported > 100 && imported < 1500, "{imported} of 1600 mutants imported");
}

#[test]
fn random_byte_flips_never_panic() {
    let text = std::fs::read(corpus_dir().join("spmv.minimal.sdfg")).unwrap_or_default();
    let mut rng = Lcg(7);
    for _ in 0..300 {
        let mut bytes = text.clone();
        for _ in 0..1 + rng.next(4) {
            let at = rng.next(bytes.len());
            let alphabet = b"{}[]\",:0aN-1 \\";
            bytes[at] = alphabet[rng.next(alphabet.len())];
        }
        let _ = import_bytes(&bytes, "flipped.sdfg");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let err = import_str(&deep, "deep.sdfg").err().map(|d| d.to_string()).unwrap_or_default();
    assert!(err.contains("recursion limit"), "{err}");
    let expr = format!("{}N{}", "(".repeat(100_000), ")".repeat(100_000));
    let mut doc = minimal_vec_add();
    doc["attributes"]["_arrays"]["a"]["attributes"]["shape"] = json!([expr]);
    assert_reported(
        &errors_of(&doc),
        "bad.sdfg:attributes._arrays.a.attributes.shape[0]: error: cannot parse expression",
    );
}
