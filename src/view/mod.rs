//! Pictures of an SDFG: Graphviz DOT drawn the way DaCe's viewer draws
//! (`dot`) and SVG laid out by Graphviz (`svg`), for `sdfg-translate
//! --export-dot` and `--export-svg`.

pub mod dot;
pub mod svg;
