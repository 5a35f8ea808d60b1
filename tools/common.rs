//! Input and output handling shared by the tools: every failure is reported
//! as `file: error: message` with exit status 1.

use std::{
    io::{ErrorKind, Read, Write},
    path::Path,
};

/// Reads a path, or stdin for `-`. Returns the bytes and the name to report.
pub fn read_input(path: &str) -> (Vec<u8>, String) {
    let mut bytes = Vec::new();
    if path == "-" {
        if let Err(e) = std::io::stdin().read_to_end(&mut bytes) {
            fail_with("<stdin>", &format!("cannot read standard input: {e}"));
        }
        return (bytes, "<stdin>".to_string());
    }
    // `prog.py:FUNC` names a program in prog.py.
    let file = sdfg_mlir::frontend::split_spec(path).0;
    match std::fs::read(file) {
        Ok(b) => (b, path.to_string()),
        Err(e) => fail_with(file, &format!("cannot read file: {}", io_message(&e))),
    }
}

/// Writes to a path (atomically: a temporary file renamed into place, so a
/// failure leaves no partial file), or stdout for `-`; exits on failure.
pub fn write_output(path: &str, text: &str) {
    if let Err(e) = try_write_output(path, text) {
        fail_with(if path == "-" { "<stdout>" } else { path }, &e);
    }
}

/// [`write_output`] returning the error message instead of exiting.
pub fn try_write_output(path: &str, text: &str) -> Result<(), String> {
    if path == "-" {
        let mut out = std::io::stdout().lock();
        let result = out.write_all(text.as_bytes()).and_then(|_| {
            if text.ends_with('\n') {
                Ok(())
            } else {
                out.write_all(b"\n")
            }
        });
        return match result {
            // A reader that stopped early (`| head`) is not an error.
            Err(e) if e.kind() != ErrorKind::BrokenPipe => Err(format!("cannot write: {e}")),
            _ => Ok(()),
        };
    }
    let target = Path::new(path);
    let dir = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let written = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, target));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write file: {}", io_message(&e)));
    }
    Ok(())
}

/// Prints diagnostics to stderr and exits with status 1.
pub fn fail(diags: &sdfg_mlir::diag::Diagnostics) -> ! {
    eprintln!("{diags}");
    std::process::exit(1);
}

pub fn fail_with(file: &str, message: &str) -> ! {
    eprintln!("{file}: error: {message}");
    std::process::exit(1);
}

fn io_message(e: &std::io::Error) -> String {
    match e.kind() {
        ErrorKind::NotFound => "no such file or directory".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}
