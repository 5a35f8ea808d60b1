//! An SDFG as SVG: its DOT graph (`dot.rs`) laid out by Graphviz's `dot`
//! (`$SDFG_DOT`, else `dot` on `PATH`), and every drawn element's `<g>`
//! given `data-sdfg-kind` and `data-sdfg-id` (its DOT `class` and `id`),
//! so that tools and tests find states, nodes and memlets by kind:
//!
//! ```text
//! <g id="b0/n3" class="node access">  =>  <g id="b0/n3" class="node access" data-sdfg-kind="access" data-sdfg-id="b0/n3">
//! ```

use crate::model::Sdfg;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The variable that names Graphviz's `dot`.
pub const DOT_VARIABLE: &str = "SDFG_DOT";

#[derive(Debug, thiserror::Error)]
pub enum SvgError {
    #[error("cannot draw the SDFG: Graphviz's `dot` is not on PATH (Debian: apt install graphviz), or set {DOT_VARIABLE} to it")]
    NoGraphviz,
    #[error("cannot draw the SDFG: {DOT_VARIABLE} names {0}, which is not a file")]
    BadOverride(PathBuf),
    #[error("cannot draw the SDFG: Graphviz's `dot` failed: {0}")]
    Failed(String),
}

/// The SVG picture of `sdfg`.
pub fn to_svg(sdfg: &Sdfg) -> Result<String, SvgError> {
    let mut pictures = layout(&super::dot::to_dot(sdfg))?;
    pictures.pop().ok_or_else(|| SvgError::Failed("it wrote no picture".into()))
}

/// The SVG of each graph in `dot` (one or more DOT graphs), in order, each
/// element marked; one Graphviz run for all of them.
pub fn layout(dot: &str) -> Result<Vec<String>, SvgError> {
    let graphviz = graphviz()?;
    let mut child = Command::new(&graphviz)
        .arg("-Tsvg")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| SvgError::Failed(format!("{}: {e}", graphviz.display())))?;
    // Graphviz writes as it goes: feed it from a thread so that neither
    // side waits on a full pipe.
    let mut stdin = child.stdin.take().expect("piped");
    let text = dot.to_string();
    let feeder = std::thread::spawn(move || stdin.write_all(text.as_bytes()));
    let out = child.wait_with_output().map_err(|e| SvgError::Failed(e.to_string()))?;
    feeder.join().map_err(|_| SvgError::Failed("writing to Graphviz failed".into()))?.map_err(|e| SvgError::Failed(e.to_string()))?;
    if !out.status.success() {
        return Err(SvgError::Failed(String::from_utf8_lossy(&out.stderr).trim().to_string()));
    }
    let svg = String::from_utf8_lossy(&out.stdout);
    let starts: Vec<usize> = svg.match_indices("<?xml").map(|(at, _)| at).collect();
    let ends = starts.iter().skip(1).copied().chain([svg.len()]);
    Ok(starts.iter().zip(ends).map(|(&a, b)| mark(&svg[a..b])).collect())
}

fn graphviz() -> Result<PathBuf, SvgError> {
    if let Some(path) = std::env::var_os(DOT_VARIABLE).filter(|p| !p.is_empty()).map(PathBuf::from) {
        return if path.is_file() { Ok(path) } else { Err(SvgError::BadOverride(path)) };
    }
    let dirs = std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default();
    dirs.into_iter().map(|d| d.join("dot")).find(|p| p.is_file()).ok_or(SvgError::NoGraphviz)
}

/// Adds `data-sdfg-kind` and `data-sdfg-id` to Graphviz's `<g id=".."
/// class="node|cluster|edge KIND">` of our elements.
fn mark(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len() + svg.len() / 4);
    let mut rest = svg;
    while let Some(at) = rest.find("<g id=\"") {
        out.push_str(&rest[..at]);
        let tag_end = rest[at..].find('>').map(|e| at + e).unwrap_or(rest.len() - 1);
        let tag = &rest[at..tag_end];
        out.push_str(tag);
        if let Some((id, kind)) = id_and_kind(tag) {
            out.push_str(&format!(" data-sdfg-kind=\"{kind}\" data-sdfg-id=\"{id}\""));
        }
        rest = &rest[tag_end..];
    }
    out.push_str(rest);
    out
}

/// The id and our kind of a `<g id="..." class="node KIND"` tag.
fn id_and_kind(tag: &str) -> Option<(&str, String)> {
    let id = tag.strip_prefix("<g id=\"")?.split('"').next()?;
    let class = tag.split(" class=\"").nth(1)?.split('"').next()?;
    let mut words = class.split(' ');
    let role = words.next()?;
    let kind = words.next()?.replace("&#45;", "-");
    matches!(role, "node" | "cluster" | "edge").then_some((id, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_get_their_kind_and_id() {
        let svg = "<g id=\"b0/n3\" class=\"node map&#45;entry\">\n<g id=\"b0/anchor\" class=\"node\">\n<g id=\"graph0\" class=\"graph\">";
        let marked = mark(svg);
        assert!(marked.contains("<g id=\"b0/n3\" class=\"node map&#45;entry\" data-sdfg-kind=\"map-entry\" data-sdfg-id=\"b0/n3\">"));
        assert!(marked.contains("<g id=\"b0/anchor\" class=\"node\">"));
        assert!(marked.contains("<g id=\"graph0\" class=\"graph\">"));
    }
}
