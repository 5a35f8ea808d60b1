//! Pictures of an SDFG: Graphviz DOT drawn the way DaCe's viewer draws
//! (`dot`), SVG laid out by Graphviz (`svg`) and a self-contained HTML
//! viewer around it (`html`, with each element's `properties` and what it
//! `marks`), for `sdfg-translate --export-dot`, `--export-svg` and
//! `--export-html`, and for `sdfg-opt --export-html` / `--sdfg-view-diff`.

pub mod dot;
pub mod html;
pub mod marks;
pub mod properties;
pub mod svg;

use crate::model::NodeKind;

/// The viewer's name for a node's kind (its DOT `class`, `data-sdfg-kind`).
pub fn node_kind(kind: &NodeKind) -> &'static str {
    match kind {
        NodeKind::Access { .. } => "access",
        NodeKind::Tasklet { .. } => "tasklet",
        NodeKind::MapEntry { .. } => "map-entry",
        NodeKind::MapExit { .. } => "map-exit",
        NodeKind::ConsumeEntry { .. } => "consume-entry",
        NodeKind::ConsumeExit { .. } => "consume-exit",
        NodeKind::Library(_) => "library",
        NodeKind::NestedSdfg { .. } => "nested-sdfg",
    }
}
