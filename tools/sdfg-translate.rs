//! sdfg-translate: DaCe `.sdfg` JSON to and from the `sdfg` dialect.

#[path = "common.rs"]
mod common;

use anyhow::Result;
use clap::{ArgGroup, Parser};
use sdfg_mlir::{
    driver::input::{self, Format},
    translate,
};

/// Converts between DaCe `.sdfg` files and the `sdfg` MLIR dialect, and draws SDFGs.
#[derive(Parser, Debug)]
#[command(name = "sdfg-translate", version, group(ArgGroup::new("direction").required(true)))]
struct Cli {
    /// Read `.sdfg` JSON (plain or gzip-compressed `.sdfgz`), write dialect text.
    #[arg(long, group = "direction")]
    import_sdfg: bool,
    /// Read data-centric Python (`prog.py`, or `prog.py:FUNC` for one of
    /// several programs), write dialect text.
    #[arg(long, group = "direction")]
    import_python: bool,
    /// Read dialect text, write `.sdfg` JSON in DaCe 1.0.2's format.
    #[arg(long, group = "direction")]
    export_sdfg: bool,
    /// Read an SDFG (`.sdfg`, `.sdfgz` or dialect text), write a Graphviz
    /// DOT picture of it (states, regions, nodes and memlets as DaCe draws them).
    #[arg(long, group = "direction")]
    export_dot: bool,
    /// Like --export-dot, laid out by Graphviz into SVG; every element's
    /// group carries `data-sdfg-kind` and `data-sdfg-id`.
    #[arg(long, group = "direction")]
    export_svg: bool,
    /// Like --export-svg, in one self-contained HTML page: pan, zoom, search,
    /// each element's properties on click, scopes folded on double click.
    #[arg(long, group = "direction")]
    export_html: bool,
    /// Read an SDFG with FPGA kernels, write Vitis HLS C++ into the
    /// directory given by -o: one `.cpp` per kernel, `sdfg_hls.h` and a
    /// Makefile for `v++`.
    #[arg(long, group = "direction")]
    emit_hls: bool,
    /// With --export-html: a control flow with more elements than this is
    /// drawn as boxes, each block's inside opening as a picture of its own.
    #[arg(long, value_name = "N", default_value_t = sdfg_mlir::view::html::FOLD_LIMIT)]
    fold_limit: usize,
    /// Print each op's location in the `.sdfg` file (`loc("f.sdfg":12:7)`).
    #[arg(long = "mlir-print-debuginfo")]
    debug_info: bool,
    /// Input file (`-` for standard input).
    #[arg(default_value = "-")]
    input: String,
    /// Output file (`-` for standard output); not written when anything fails.
    #[arg(short, long, default_value = "-")]
    output: String,
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let (bytes, file) = common::read_input(&cli.input);
    if cli.export_dot || cli.export_svg || cli.export_html {
        let sdfg = input::load_model(&bytes, &file).unwrap_or_else(|diags| common::fail(&diags));
        let drawn = if cli.export_svg {
            sdfg_mlir::view::svg::to_svg(&sdfg)
        } else if cli.export_html {
            let pane = sdfg_mlir::view::html::Pane { sdfg: &sdfg, heading: sdfg.name.clone(), marks: Default::default() };
            sdfg_mlir::view::html::page(&[pane], cli.fold_limit)
        } else {
            Ok(sdfg_mlir::view::dot::to_dot(&sdfg))
        };
        let text = drawn.unwrap_or_else(|e| common::fail_with(&file, &e.to_string()));
        common::write_output(&cli.output, &text);
        return Ok(());
    }
    if cli.emit_hls {
        if cli.output == "-" {
            common::fail_with(&file, "--emit-hls writes a directory: give it with -o DIR");
        }
        let sdfg = input::load_model(&bytes, &file).unwrap_or_else(|diags| common::fail(&diags));
        let files = sdfg_mlir::lowering::fpga::emit_hls(&sdfg).unwrap_or_else(|e| common::fail_with(&file, &e));
        let dir = std::path::Path::new(&cli.output);
        std::fs::create_dir_all(dir).unwrap_or_else(|e| common::fail_with(&cli.output, &format!("cannot create the directory: {e}")));
        for f in files {
            let path = dir.join(&f.name);
            std::fs::write(&path, f.text).unwrap_or_else(|e| common::fail_with(&path.display().to_string(), &format!("cannot write: {e}")));
        }
        return Ok(());
    }
    if cli.import_python {
        let (path, func) = sdfg_mlir::frontend::split_spec(&file);
        let text = sdfg_mlir::diag::decode_utf8(&bytes, path).unwrap_or_else(|d| common::fail(&d.into()));
        match translate::import_python(text, path, func, cli.debug_info) {
            Ok(out) => common::write_output(&cli.output, &out),
            Err(diags) => common::fail(&diags),
        }
        return Ok(());
    }
    // Reading the other direction's format would fail with a confusing
    // parse error; say what the input is instead.
    match (cli.import_sdfg, input::format_of(&bytes, &file)) {
        (true, Format::Dialect) => {
            common::fail_with(&file, "--import-sdfg reads a DaCe .sdfg file (JSON), but this is sdfg dialect text: use --export-sdfg")
        }
        (_, Format::Python) => common::fail_with(&file, "this is a Python program: use --import-python"),
        (false, Format::Sdfg) => {
            common::fail_with(&file, "--export-sdfg reads sdfg dialect text, but this is a DaCe .sdfg file (JSON): use --import-sdfg")
        }
        _ => {}
    }
    let result = if cli.import_sdfg {
        translate::import_sdfg(&bytes, &file, cli.debug_info)
    } else {
        match sdfg_mlir::diag::decode_utf8(&bytes, &file) {
            Ok(text) => translate::export_sdfg(text, &file),
            Err(d) => common::fail(&d.into()),
        }
    };
    match result {
        Ok(text) => {
            common::write_output(&cli.output, &text);
            Ok(())
        }
        Err(diags) => common::fail(&diags),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn cli_is_well_formed() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
