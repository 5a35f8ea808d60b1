//! Pictures of an SDFG: Graphviz DOT drawn the way DaCe's viewer draws
//! (`dot`), SVG laid out by Graphviz (`svg`) and a self-contained HTML
//! viewer around it (`html`, with each element's `properties`), for
//! `sdfg-translate --export-dot`, `--export-svg` and `--export-html`.

pub mod dot;
pub mod html;
pub mod properties;
pub mod svg;
