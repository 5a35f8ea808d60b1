//! An SDFG as one self-contained HTML page: the SVG pictures (`svg.rs`)
//! inline, with the properties of every element (`properties.rs`) as
//! JSON, and a small script (`viewer.js`): drag to pan, wheel to zoom,
//! click an element for its properties, fold and unfold scopes, search by
//! name. No network access is needed to open it; the drawing is in the
//! page, not built by the script, so a DOM dump shows every element.
//!
//! A large SDFG (more than [`FOLD_LIMIT`] elements in one control flow) is
//! drawn in parts (`dot::views`): its blocks as boxes, each block's inside
//! a picture of its own that opens on a double click. A page may also mark
//! elements: numbered matches of a transformation, (in a diff page of two
//! SDFGs side by side) what was added, removed or changed, or the time
//! measured in each state and map.

use super::dot;
use super::svg::{layout, SvgError};
use crate::model::Sdfg;
use serde_json::json;

/// Elements of one control flow above which its blocks become boxes.
pub const FOLD_LIMIT: usize = 1500;

const STYLE: &str = include_str!("viewer.css");
const SCRIPT: &str = include_str!("viewer.js");

/// One SDFG on a page, with what to mark on it.
pub struct Pane<'a> {
    pub sdfg: &'a Sdfg,
    pub heading: String,
    pub marks: Marks,
}

/// Elements to mark, by id.
#[derive(Clone, Debug, Default)]
pub struct Marks {
    /// Heading of the list of highlights in the side panel.
    pub title: Option<String>,
    pub highlights: Vec<Highlight>,
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub changed: Vec<String>,
    /// Measured times, coloured on their elements (`sdfg-run --profile`).
    pub profile: Vec<Timed>,
}

/// An element's measured time per run.
#[derive(Clone, Debug)]
pub struct Timed {
    pub id: String,
    pub seconds: f64,
    pub entries: u64,
}

/// A numbered element, listed in the side panel with its text.
#[derive(Clone, Debug)]
pub struct Highlight {
    pub id: String,
    pub number: usize,
    pub text: String,
}

/// The HTML page of `sdfg`.
pub fn to_html(sdfg: &Sdfg) -> Result<String, SvgError> {
    page(&[Pane { sdfg, heading: sdfg.name.clone(), marks: Marks::default() }], FOLD_LIMIT)
}

/// A page of one or more SDFGs side by side; a control flow with more than
/// `limit` elements is drawn in parts.
pub fn page(panes: &[Pane], limit: usize) -> Result<String, SvgError> {
    let views: Vec<Vec<dot::View>> = panes.iter().map(|p| dot::views(p.sdfg, limit)).collect();
    let all: String = views.iter().flatten().map(|v| v.dot.as_str()).collect();
    let mut pictures = layout(&all)?.into_iter();
    let mut body = String::new();
    for (pane, views) in panes.iter().zip(&views) {
        let mut drawn = String::new();
        for view in views {
            let svg = pictures.next().ok_or_else(|| SvgError::Failed("it wrote fewer pictures than graphs".into()))?;
            // The page holds the <svg> element alone: no XML prolog or doctype.
            let svg = svg.find("<svg").map(|at| &svg[at..]).unwrap_or(&svg);
            let hidden = if view.id.is_empty() { "" } else { " hidden" };
            drawn += &format!("<div class=\"picture\" data-view=\"{}\"{hidden}>\n{svg}</div>\n", escape(&view.id));
        }
        body += &viewer(pane, &drawn);
    }
    let title = escape(&panes.iter().map(|p| p.heading.as_str()).collect::<Vec<_>>().join(" | "));
    Ok(format!(
        "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n{body}<script>{SCRIPT}</script>\n</body>\n</html>\n"
    ))
}

/// One viewer: its bar, its pictures, its side panel and its data.
fn viewer(pane: &Pane, pictures: &str) -> String {
    let name = escape(&pane.heading);
    let m = &pane.marks;
    let highlights: Vec<_> = m.highlights.iter().map(|h| json!({"id": h.id, "number": h.number, "text": h.text})).collect();
    let profile: Vec<_> = m.profile.iter().map(|t| json!({"id": t.id, "seconds": t.seconds, "entries": t.entries})).collect();
    let marks = json!({"title": m.title, "highlights": highlights, "added": m.added, "removed": m.removed, "changed": m.changed,
        "profile": profile});
    format!(
        "<div class=\"viewer\">\n<div class=\"bar\"><strong>{name}</strong><span class=\"where\"></span>\
<button class=\"back\" hidden>Back</button><input class=\"search\" placeholder=\"Search by name\"><span class=\"found\"></span>\
<button class=\"fold-all\">Fold scopes</button><button class=\"unfold-all\">Unfold all</button>\
<span class=\"hint\">drag to pan, wheel to zoom, click for properties, double-click to fold or open</span></div>\n\
<div class=\"view\">\n{pictures}</div>\n<aside class=\"panel\"><div class=\"matches\"></div><h3 class=\"ptitle\">{name}</h3>\
<button class=\"fold\" hidden>Fold</button><pre class=\"props\"></pre></aside>\n\
<script class=\"sdfg-properties\" type=\"application/json\">{}</script>\n\
<script class=\"sdfg-marks\" type=\"application/json\">{}</script>\n</div>\n",
        script_json(&super::properties::properties(pane.sdfg)),
        script_json(&marks)
    )
}

/// JSON inside <script>, where "</" would end it.
fn script_json(v: &serde_json::Value) -> String {
    v.to_string().replace("</", "<\\/")
}

/// Text for HTML: `&`, `<`, `>` and quotes escaped.
fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
