//! The viewer page in a real browser: for every corpus program (the CPU
//! variants and DaCe's GPU and FPGA ones), `--export-html`'s page is opened by
//! headless Chromium, which dumps the DOM after the page's scripts ran;
//! the DOM must hold as many elements of each kind (`data-sdfg-kind`, with
//! a non-empty `data-sdfg-id`) as the SDFG has states, regions, interstate
//! edges, nodes and memlets, and the browser must report no script error.
//! One page is also saved as a screenshot under `target/view-browser/`.
//! Without Chromium (Debian's `chromium`; `$SDFG_CHROMIUM` names another)
//! the test fails: CI installs it.

#[path = "common/corpus.rs"]
mod corpus;

use sdfg_mlir::{json, view};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const KINDS: &[&str] = &[
    "state", "region", "interstate-edge", "access", "tasklet", "map-entry", "map-exit", "consume-entry", "consume-exit", "library",
    "nested-sdfg", "memlet",
];

fn chromium() -> PathBuf {
    if let Some(p) = std::env::var_os("SDFG_CHROMIUM") {
        return PathBuf::from(p);
    }
    let found = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].iter().map(PathBuf::from).find(|p| p.is_file());
    found.expect("headless Chromium is needed (Debian: apt install chromium; or set SDFG_CHROMIUM)")
}

fn out_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/view-browser");
    std::fs::create_dir_all(&dir).expect("target/view-browser");
    dir
}

/// Runs headless Chromium on `page` with `args`; returns stdout and stderr.
fn browse(page: &Path, args: &[&str]) -> (String, String) {
    let url = format!("file://{}", page.display());
    let out = Command::new(chromium())
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=10000"])
        .args(args)
        .arg(&url)
        .output()
        .expect("chromium runs");
    (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Elements of each kind that `text` marks with `pattern(kind)`.
fn counts(text: &str, pattern: impl Fn(&str) -> String) -> BTreeMap<&'static str, usize> {
    KINDS.iter().map(|k| (*k, text.matches(&pattern(k)).count())).filter(|(_, n)| *n > 0).collect()
}

#[test]
fn every_corpus_page_draws_every_element_without_script_errors() {
    let mut files = corpus::files();
    files.extend(corpus::files_in(&corpus::corpus().join("device")));
    let dir = out_dir();
    let mut failures = Vec::new();
    for file in &files {
        let sdfg = json::import_file(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let want = counts(&view::dot::to_dot(&sdfg), |k| format!("class=\"{k}\""));
        let page = dir.join(format!("{}.html", file.file_stem().unwrap().to_string_lossy()));
        std::fs::write(&page, view::html::to_html(&sdfg).unwrap_or_else(|e| panic!("{}: {e}", file.display()))).unwrap();
        let (dom, log) = browse(&page, &["--dump-dom"]);
        let drawn = counts(&dom, |k| format!("data-sdfg-kind=\"{k}\" data-sdfg-id=\""));
        if drawn != want {
            failures.push(format!("{}: drawn {drawn:?}, the SDFG has {want:?}", file.display()));
        }
        if dom.contains("data-sdfg-id=\"\"") {
            failures.push(format!("{}: an element without its id", file.display()));
        }
        if let Some(error) = log.lines().find(|l| l.contains("Uncaught")) {
            failures.push(format!("{}: script error: {error}", file.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} pages:\n{}", failures.len(), files.len(), failures.join("\n"));
}

#[test]
fn a_page_is_saved_as_a_screenshot() {
    let file = corpus::corpus().join("atax.autoopt.sdfg");
    let sdfg = json::import_file(&file).expect("corpus file");
    let dir = out_dir();
    let page = dir.join("screenshot.html");
    std::fs::write(&page, view::html::to_html(&sdfg).expect("page")).unwrap();
    let png = dir.join("atax.autoopt.png");
    let _ = std::fs::remove_file(&png);
    browse(&page, &[&format!("--screenshot={}", png.display()), "--window-size=1400,900"]);
    let bytes = std::fs::read(&png).expect("the screenshot was written");
    assert!(bytes.starts_with(b"\x89PNG") && bytes.len() > 10_000, "not a picture: {} bytes", bytes.len());
}

/// The page of `file` as drawn with every control flow of more than
/// `limit` elements in parts, written under target/view-browser.
fn page_of(file: &Path, limit: usize, name: &str) -> PathBuf {
    let sdfg = json::import_file(file).expect("corpus file");
    let pane = view::html::Pane { sdfg: &sdfg, heading: sdfg.name.clone(), marks: Default::default() };
    let page = out_dir().join(name);
    std::fs::write(&page, view::html::page(&[pane], limit).expect("page")).unwrap();
    page
}

fn dump(page: &Path, hash: &str) -> String {
    let (dom, log) = browse(Path::new(&format!("{}#{hash}", page.display())), &["--dump-dom"]);
    assert!(!log.contains("Uncaught"), "{}: script error: {log}", page.display());
    dom
}

#[test]
fn large_control_flows_open_as_boxes_and_a_link_opens_a_block() {
    for name in ["jacobi_2d.frontend.sdfg", "break_continue.frontend.sdfg", "while_collatz.frontend.sdfg"] {
        let file = corpus::corpus().join(name);
        let page = page_of(&file, 10, &format!("parts-{name}.html"));
        let sdfg = json::import_file(&file).unwrap();
        let views = view::dot::views(&sdfg, 10);
        assert!(views.len() > 2, "{name}: drawn in {} parts", views.len());
        let want = counts(&view::dot::to_dot(&sdfg), |k| format!("class=\"{k}\""));
        let dom = dump(&page, "");
        assert_eq!(counts(&dom, |k| format!("data-sdfg-kind=\"{k}\" data-sdfg-id=\"")), want, "{name}");
        // Each block with a picture of its own is a folded box; what its
        // picture holds is in the DOM, marked collapsed.
        let folded = dom.matches("data-collapsed=\"folded\"").count();
        assert_eq!(folded, views.len() - 1, "{name}");
        assert!(dom.matches("data-collapsed=\"true\"").count() > 10, "{name}");
        assert!(dom.contains("<div class=\"picture\" data-view=\"\">"), "{name}: the overview shows");
        // A link to a node inside a block opens that block's picture.
        let inner = views.iter().find(|v| v.dot.contains("/n0\" [id=")).expect("a state's picture");
        let node = format!("{}/n0", inner.id);
        let dom = dump(&page, &node);
        assert!(dom.contains(&format!("<div class=\"picture\" data-view=\"{}\">", inner.id)), "{name}: {node} opened");
        assert!(dom.contains(&format!("class=\"ptitle\">map-entry {node}")) || dom.contains(&format!(" {node}</h3>")), "{name}: {node}'s properties shown");
        let tag = dom.split(&format!("data-sdfg-id=\"{node}\"")).next().unwrap().rsplit("<g ").next().unwrap().to_string();
        assert!(tag.contains("selected"), "{name}: {node} is selected: {tag}");
    }
}

#[test]
fn folding_a_scope_hides_its_inside() {
    // vec_add's map: its tasklet and the three memlets at it are inside.
    let page = page_of(&corpus::corpus().join("vec_add.simplified.sdfg"), view::html::FOLD_LIMIT, "fold-vec_add.html");
    let dom = dump(&page, "fold=b0/n0");
    assert_eq!(dom.matches("data-collapsed=\"folded\"").count(), 1);
    assert_eq!(dom.matches("data-collapsed=\"true\"").count(), 4);
    // atax's nested SDFG: everything under its id.
    let file = corpus::corpus().join("atax.autoopt.sdfg");
    let page = page_of(&file, view::html::FOLD_LIMIT, "fold-atax.html");
    let dom = dump(&page, "fold=b0/n4");
    let inside = view::dot::to_dot(&json::import_file(&file).unwrap()).matches("id=\"b0/n4/").count();
    assert!(inside > 5);
    assert_eq!(dom.matches("data-collapsed=\"true\"").count(), inside);
    assert_eq!(dom.matches("data-collapsed=\"").count(), inside + 1);
    // Unfolded, nothing is marked.
    assert_eq!(dump(&page, "").matches("data-collapsed=\"").count(), 0);
}

#[test]
fn matches_and_differences_are_marked_in_the_browser() {
    use sdfg_mlir::transforms;
    let file = corpus::corpus().join("atax.autoopt.sdfg");
    let sdfg = json::import_file(&file).unwrap();
    let t = transforms::find("sdfg-map-tiling").unwrap();
    let found = transforms::nested::matches_deep(t, &sdfg, &transforms::Options::default()).unwrap();
    let highlights = view::marks::match_highlights(t, &sdfg, &found);
    assert_eq!(highlights.len(), 4);
    // The differences tiling makes to vec_add's map.
    let before = json::import_file(&corpus::corpus().join("vec_add.simplified.sdfg")).unwrap();
    let mut after = before.clone();
    let first = t.matches(&before).remove(0);
    t.apply(&mut after, &first, &transforms::Options::default()).unwrap();
    let (removed, added) = view::marks::diff(&before, &after);
    assert!(!removed.is_empty() && !added.is_empty());
    let marks = view::html::Marks { highlights, ..Default::default() };
    let panes = [
        view::html::Pane { sdfg: &sdfg, heading: "matches".into(), marks },
        view::html::Pane { sdfg: &before, heading: "before".into(), marks: view::html::Marks { removed: removed.clone(), ..Default::default() } },
        view::html::Pane { sdfg: &after, heading: "after".into(), marks: view::html::Marks { added: added.clone(), ..Default::default() } },
    ];
    let page = out_dir().join("marked-atax.html");
    std::fs::write(&page, view::html::page(&panes, view::html::FOLD_LIMIT).unwrap()).unwrap();
    let dom = dump(&page, "");
    assert_eq!(dom.matches("data-match=\"").count(), 4);
    assert_eq!(dom.matches("class=\"badge\"").count(), 4, "each match numbered");
    assert_eq!(dom.matches("data-diff=\"removed\"").count(), removed.len());
    assert_eq!(dom.matches("data-diff=\"added\"").count(), added.len());
    assert_eq!(dom.matches("<div class=\"viewer\">").count(), 3);
}

#[test]
fn measured_times_colour_their_elements() {
    let file = corpus::corpus().join("jacobi_2d.cfg_simplified.sdfg");
    let sdfg = json::import_file(&file).unwrap();
    // Times as `sdfg-run --profile` gives them: by location, over 2 runs.
    let loc_of = |id: &str| view::properties::properties(&sdfg)[id]["location"].as_str().unwrap().to_string();
    let state = sdfg.cfg.blocks.iter().position(|b| matches!(b.kind, sdfg_mlir::model::BlockKind::State(_))).unwrap();
    let id = format!("b{state}");
    let loc = sdfg.cfg.blocks[state].loc.clone();
    assert_eq!(loc.to_string(), loc_of(&id));
    let timed = view::marks::timed(&sdfg, &[(loc, 0.004, 2)], 2);
    assert_eq!(timed.len(), 1);
    assert_eq!((timed[0].id.as_str(), timed[0].seconds, timed[0].entries), (id.as_str(), 0.002, 1));
    let marks = view::html::Marks { profile: timed, ..Default::default() };
    let page = out_dir().join("profile-jacobi.html");
    let pane = view::html::Pane { sdfg: &sdfg, heading: sdfg.name.clone(), marks };
    std::fs::write(&page, view::html::page(&[pane], view::html::FOLD_LIMIT).unwrap()).unwrap();
    let dom = dump(&page, "");
    assert_eq!(dom.matches("data-seconds=\"0.002\"").count(), 1);
    assert!(dom.contains(">2.000 ms</text>"), "the time is drawn next to the state");
    assert!(dom.contains("2.000 ms  state "), "and listed");
}
