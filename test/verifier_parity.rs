//! Parity of the verifier with DaCe 1.0.2's `validate()`: one invalid
//! construct per rule of the table in `docs/tools.md` that we check, each a
//! corpus file mutated by Python statements (`test/Inputs/mutate-sdfg.py`).
//! For every row DaCe must reject the file when loading or validating it
//! (`test/interop/dace_validate.py`, all files in one Python process) and `sdfg-translate --import-sdfg` must
//! exit 1 with the expected message at the expected JSON path and write no
//! output. The rows of `ACCEPTED` are constructs DaCe accepts although they
//! look wrong: both tools must accept them.

use std::{
    collections::BTreeMap,
    fs,
    path::{Path, PathBuf},
    process::Command,
};

/// One invalid construct: the file it starts from (`corpus/…` or
/// `extra/…`), the mutation, and where and what our error is.
struct Row {
    name: &'static str,
    file: &'static str,
    mutation: &'static [&'static str],
    path: &'static str,
    message: &'static str,
}

const VEC_ADD: &str = "corpus/vec_add.minimal.sdfg";

const REJECTED: &[Row] = &[
    Row {
        name: "start_block_ambiguous",
        file: VEC_ADD,
        mutation: &[r#"d["edges"].pop()"#],
        path: "",
        message: "start block of 'progs_basic_vec_add' is ambiguous",
    },
    Row {
        name: "interstate_undefined_symbol",
        file: VEC_ADD,
        mutation: &[r#"d["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"k": "M + 1"}"#],
        path: "edges[0]",
        message: "undefined symbol 'M' in assignment to 'k'",
    },
    Row {
        name: "interstate_invalid_symbol_name",
        file: VEC_ADD,
        mutation: &[r#"d["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"1k": "N"}"#],
        path: "edges[0]",
        message: "interstate edge assigns to invalid symbol name '1k'",
    },
    Row {
        name: "interstate_race",
        file: VEC_ADD,
        mutation: &[r#"d["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"i": "1", "j": "i + 1"}"#],
        path: "edges[0]",
        message: "assignment to 'j' reads 'i', which the same interstate edge assigns",
    },
    Row {
        name: "invalid_sdfg_name",
        file: VEC_ADD,
        mutation: &[r#"d["attributes"]["name"] = "1vec""#],
        path: "",
        message: "invalid sdfg name '1vec'",
    },
    Row {
        name: "duplicate_block_label",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][2]["label"] = "init""#],
        path: "nodes[2]",
        message: "several blocks are labelled 'init'",
    },
    Row {
        name: "container_and_symbol",
        file: VEC_ADD,
        mutation: &[r#"d["attributes"]["symbols"]["a"] = "int32""#],
        path: "attributes._arrays.a",
        message: "'a' is both a container and a symbol",
    },
    Row {
        name: "non_transient_scalar_return",
        file: "extra/scalar_ret_bool.frontend.sdfg",
        mutation: &[r#"d["attributes"]["_arrays"]["__return"]["type"] = "Scalar""#],
        path: "attributes._arrays.__return",
        message: "non-transient scalar '__return' cannot be a return value",
    },
    Row {
        name: "invalid_container_name",
        file: VEC_ADD,
        mutation: &[r#"d["attributes"]["_arrays"]["2x"] = d["attributes"]["_arrays"]["__tmp0"]"#],
        path: "attributes._arrays.2x",
        message: "invalid container name '2x'",
    },
    Row {
        name: "persistent_register",
        file: VEC_ADD,
        mutation: &[r#"a = d["attributes"]["_arrays"]["__tmp0"]["attributes"]; a["lifetime"] = "Persistent"; a["storage"] = "Register""#],
        path: "attributes._arrays.__tmp0",
        message: "container '__tmp0' has persistent lifetime in register storage",
    },
    Row {
        name: "external_register",
        file: VEC_ADD,
        mutation: &[r#"a = d["attributes"]["_arrays"]["__tmp0"]["attributes"]; a["lifetime"] = "External"; a["storage"] = "Register""#],
        path: "attributes._arrays.__tmp0",
        message: "container '__tmp0' has external lifetime in register storage",
    },
    Row {
        name: "invalid_state_name",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][0]["label"] = "init state""#],
        path: "nodes[0]",
        message: "invalid state name 'init state'",
    },
    Row {
        name: "invalid_state_name_in_loop",
        file: "corpus/jacobi_2d.cfg.sdfg",
        mutation: &[r#"d["nodes"][1]["nodes"][1]["label"] = "Unary Op""#],
        path: "nodes[1].nodes[1]",
        message: "invalid state name 'Unary Op'",
    },
    Row {
        name: "unreachable_state",
        file: VEC_ADD,
        mutation: &[r#"import copy; s = copy.deepcopy(d["nodes"][0]); s["label"] = "lonely"; d["nodes"].append(s)"#],
        path: "nodes[3]",
        message: "state 'lonely' is unreachable",
    },
    Row {
        name: "cycle_in_state",
        file: VEC_ADD,
        mutation: &[r#"import copy; e = copy.deepcopy(d["nodes"][2]["edges"][0]); e["src"], e["dst"] = "1", "0"; d["nodes"][2]["edges"].append(e)"#],
        path: "nodes[2]",
        message: "state 'assign_20_4' has a cycle",
    },
    Row {
        name: "invalid_tasklet_name",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["nodes"][1]["attributes"]["label"] = "add-one""#],
        path: "nodes[1].nodes[1]",
        message: "invalid tasklet name 'add-one'",
    },
    Row {
        name: "nested_sdfg_missing_symbol",
        file: "corpus/nested_call.minimal.sdfg",
        mutation: &[r#"d["nodes"][5]["nodes"][1]["attributes"]["symbol_mapping"] = {}"#],
        path: "nodes[5].nodes[1]",
        message: "missing symbols on nested sdfg",
    },
    Row {
        name: "isolated_node",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][2]["nodes"].append({"type": "AccessNode", "attributes": {"data": "a"}})"#],
        path: "nodes[2].nodes[2]",
        message: "is isolated",
    },
    Row {
        name: "out_without_in_connector",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["nodes"][0]["attributes"]["out_connectors"]["OUT_c"] = None"#],
        path: "nodes[1].nodes[0]",
        message: "has out-connector 'OUT_c' without 'IN_c'",
    },
    Row {
        name: "access_unknown_data",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][2]["nodes"][1]["attributes"]["data"] = "nothere""#],
        path: "nodes[2].nodes[1]",
        message: "access node data 'nothere' is not a container of this sdfg",
    },
    Row {
        name: "reference_never_set",
        file: "corpus/reference_api.api.sdfg",
        mutation: &[
            r#"import copy; [s.__setitem__("nodes", copy.deepcopy(d["nodes"][3]["nodes"])) or s.__setitem__("edges", copy.deepcopy(d["nodes"][3]["edges"])) for s in d["nodes"][1:3]]"#,
        ],
        path: "nodes[1].nodes[0]",
        message: "reference 'ref' is used but never set through its 'set' connector",
    },
    Row {
        name: "reference_used_before_set",
        file: "corpus/reference_api.api.sdfg",
        mutation: &[r#"d["edges"][0]["dst"] = "3"; d["edges"][2]["src"], d["edges"][2]["dst"] = "3", "1""#],
        path: "nodes[3].nodes[0]",
        message: "reference 'ref' may be used before it is set",
    },
    Row {
        name: "connector_in_and_out",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["nodes"][1]["attributes"]["in_connectors"]["__out"] = None"#],
        path: "nodes[1].nodes[1]",
        message: "has connector '__out' both as input and output",
    },
    Row {
        name: "dangling_in_connector",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["nodes"][1]["attributes"]["in_connectors"]["__in3"] = None"#],
        path: "nodes[1].nodes[1]",
        message: "tasklet '_Add_' has dangling in-connector '__in3'",
    },
    Row {
        name: "dangling_out_connector",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["nodes"][1]["attributes"]["out_connectors"]["__out2"] = None"#],
        path: "nodes[1].nodes[1]",
        message: "tasklet '_Add_' has dangling out-connector '__out2'",
    },
    Row {
        name: "dangling_out_connector_access",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][2]["nodes"][0]["attributes"]["out_connectors"] = {"x": None}"#],
        path: "nodes[2].nodes[0]",
        message: "has dangling out-connector 'x'",
    },
    Row {
        name: "out_connector_fan_out",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["edges"].append(dict(d["nodes"][1]["edges"][5]))"#],
        path: "nodes[1].nodes[1]",
        message: "out-connector '__out' of tasklet '_Add_' has 2 outgoing edges",
    },
    Row {
        name: "undeclared_connector",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["edges"][3]["dst_connector"] = "__in9""#],
        path: "nodes[1].edges[3]",
        message: "edge enters tasklet '_Add_' through undeclared connector '__in9'",
    },
    Row {
        name: "memlet_unknown_data",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][1]["edges"][0]["attributes"]["data"]["attributes"]["data"] = "zz""#],
        path: "nodes[1].edges[0]",
        message: "memlet data 'zz' is not a container of this sdfg",
    },
    Row {
        name: "memlet_subset_dimensions",
        file: VEC_ADD,
        mutation: &[r#"r = d["nodes"][2]["edges"][0]["attributes"]["data"]["attributes"]["subset"]["ranges"]; r.append(dict(r[0]))"#],
        path: "nodes[2].edges[0]",
        message: "dimensions",
    },
    Row {
        name: "memlet_undefined_symbol",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][2]["edges"][0]["attributes"]["data"]["attributes"]["subset"]["ranges"][0]["end"] = "M - 1""#],
        path: "nodes[2].edges[0]",
        message: "undefined symbol 'M'",
    },
    Row {
        name: "copy_symbolic_counts_differ",
        file: VEC_ADD,
        mutation: &[
            r#"d["attributes"]["symbols"]["M"] = "int32""#,
            r#"d["nodes"][2]["edges"][0]["attributes"]["data"]["attributes"]["other_subset"]["ranges"][0]["end"] = "M - 1""#,
        ],
        path: "nodes[2].edges[0]",
        message: "memlet copies M elements of '__tmp0' into N elements of 'c'",
    },
];

/// Constructs DaCe 1.0.2 accepts: we accept them too.
const ACCEPTED: &[Row] = &[
    Row { name: "unchanged", file: VEC_ADD, mutation: &[], path: "", message: "" },
    Row {
        name: "state_name_with_dot",
        file: VEC_ADD,
        mutation: &[r#"d["nodes"][0]["label"] = "init.x""#],
        path: "",
        message: "",
    },
    Row {
        name: "loop_label_not_a_name",
        file: "corpus/jacobi_2d.cfg.sdfg",
        mutation: &[r#"d["nodes"][1]["label"] = "for 25""#],
        path: "",
        message: "",
    },
    Row {
        name: "external_lifetime_on_heap",
        file: VEC_ADD,
        mutation: &[r#"d["attributes"]["_arrays"]["__tmp0"]["attributes"]["lifetime"] = "External""#],
        path: "",
        message: "",
    },
    Row {
        name: "transient_scalar_return",
        file: "extra/scalar_ret_bool.frontend.sdfg",
        mutation: &[
            r#"a = d["attributes"]["_arrays"]["__return"]; a["type"] = "Scalar"; a["attributes"]["transient"] = True"#,
        ],
        path: "",
        message: "",
    },
    Row {
        name: "assignment_reads_its_own_name",
        file: VEC_ADD,
        // A symbol that sizes no argument: reassigning `N` is our own error.
        mutation: &[
            r#"d["attributes"]["symbols"]["k"] = "int64""#,
            r#"d["edges"][0]["attributes"]["data"]["attributes"]["assignments"] = {"k": "k + 1"}"#,
        ],
        path: "",
        message: "",
    },
];

fn source(root: &Path, file: &str) -> PathBuf {
    let corpus = std::env::var_os("SDFG_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/sdfg-corpus"));
    match file.split_once('/') {
        Some(("corpus", f)) => corpus.join(f),
        Some(("extra", f)) => root.join("test/extra-corpus").join(f),
        _ => panic!("bad row file {file}"),
    }
}

/// Writes the mutated file of `row` into `dir`.
fn mutate(root: &Path, python: &Path, dir: &Path, row: &Row) -> PathBuf {
    let out = dir.join(format!("{}.sdfg", row.name));
    let status = Command::new(python)
        .arg(root.join("test/Inputs/mutate-sdfg.py"))
        .arg(source(root, row.file))
        .arg(&out)
        .args(row.mutation)
        .status()
        .expect("run mutate-sdfg.py");
    assert!(status.success(), "{}: the mutation failed", row.name);
    out
}

/// DaCe's verdict on each file: `ACCEPT`, `REJECT …` or `NOLOAD …`.
fn dace_verdicts(root: &Path, python: &Path, dir: &Path, files: &[PathBuf]) -> BTreeMap<PathBuf, String> {
    let list = dir.join("files.txt");
    let text: String = files.iter().map(|f| format!("{}\n", f.display())).collect();
    fs::write(&list, text).expect("write the file list");
    let output = Command::new(python)
        .arg(root.join("test/interop/dace_validate.py"))
        .arg(format!("@{}", list.display()))
        .output()
        .expect("run dace_validate.py");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "dace_validate.py failed:\n{}", String::from_utf8_lossy(&output.stderr));
    stdout
        .lines()
        .filter_map(|l| {
            let (verdict, rest) = l.split_once(' ')?;
            let (file, why) = rest.split_once('\t').unwrap_or((rest, ""));
            Some((PathBuf::from(file), format!("{verdict} {why}")))
        })
        .collect()
}

#[test]
fn verifier_rejects_what_dace_rejects() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    assert!(python.exists(), "no DaCe venv at {}: run scripts/setup.sh", python.display());
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("verifier-parity");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("output directory");
    let translate = env!("CARGO_BIN_EXE_sdfg-translate");

    let mut failures = Vec::new();
    let mut files = Vec::new();
    for (rejected, rows) in [(true, REJECTED), (false, ACCEPTED)] {
        for row in rows {
            let file = mutate(root, &python, &dir, row);
            let out = dir.join(format!("{}.mlir", row.name));
            let run = Command::new(translate)
                .arg("--import-sdfg")
                .arg(&file)
                .arg("-o")
                .arg(&out)
                .output()
                .expect("run sdfg-translate");
            let stderr = String::from_utf8_lossy(&run.stderr);
            let code = run.status.code();
            if rejected {
                // Errors about the whole SDFG name the file alone.
                let place = match row.path {
                    "" => format!("{}: error: ", file.display()),
                    path => format!("{}:{path}: error: ", file.display()),
                };
                let found = stderr.lines().any(|l| {
                    l.strip_prefix(&place).is_some_and(|msg| msg.contains(row.message))
                });
                if code != Some(1) || !found || out.exists() {
                    failures.push(format!(
                        "{}: expected exit 1, no output and '{place}…{}…'; got exit {code:?}, output {}, stderr:\n{stderr}",
                        row.name,
                        row.message,
                        if out.exists() { "written" } else { "absent" }
                    ));
                }
            } else if code != Some(0) {
                failures.push(format!("{}: DaCe accepts this, we do not:\n{stderr}", row.name));
            }
            files.push((rejected, row.name, file));
        }
    }

    let paths: Vec<PathBuf> = files.iter().map(|(_, _, f)| f.clone()).collect();
    let verdicts = dace_verdicts(root, &python, &dir, &paths);
    for (rejected, name, file) in &files {
        let verdict = verdicts.get(file).map(String::as_str).unwrap_or("missing");
        // DaCe raises some of its errors already while loading (unknown
        // data, an invalid SDFG name): a rejection too.
        let ok = if *rejected {
            verdict.starts_with("REJECT") || verdict.starts_with("NOLOAD")
        } else {
            verdict.starts_with("ACCEPT")
        };
        if !ok {
            let want = if *rejected { "reject" } else { "accept" };
            failures.push(format!("{name}: DaCe should {want} it, its verdict: {verdict}"));
        }
    }
    assert!(failures.is_empty(), "{} parity failures:\n{}", failures.len(), failures.join("\n"));
}
