//! Input and output handling shared by the tools.

use anyhow::{Context as _, Result};
use std::{
    io::{Read, Write},
    path::Path,
};

/// Reads a path, or stdin for `-`. Returns the bytes and the name to report.
pub fn read_input(path: &str) -> Result<(Vec<u8>, String)> {
    if path == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).context("cannot read standard input")?;
        return Ok((bytes, "<stdin>".to_string()));
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read '{path}'"))?;
    Ok((bytes, path.to_string()))
}

/// Writes to a path (atomically: a temporary file renamed into place, so a
/// failure leaves no partial file), or stdout for `-`.
pub fn write_output(path: &str, text: &str) -> Result<()> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        out.write_all(text.as_bytes())?;
        if !text.ends_with('\n') {
            out.write_all(b"\n")?;
        }
        return Ok(());
    }
    let target = Path::new(path);
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    std::fs::write(&tmp, text).with_context(|| format!("cannot write '{}'", tmp.display()))?;
    std::fs::rename(&tmp, target).with_context(|| format!("cannot write '{path}'"))?;
    Ok(())
}

/// Prints diagnostics to stderr and exits with status 1.
pub fn fail(diags: &sdfg_mlir::diag::Diagnostics) -> ! {
    eprintln!("{diags}");
    std::process::exit(1);
}
