//! Data-centric Python to SDFG: a `@dace.program` (or `@sdfg_mlir.program`)
//! function parsed with `rustpython-parser` and turned into the SDFG model
//! directly, every element located at its Python source line and column.
//!
//! - `source`: positions and the module's names (imports, `dace.symbol`
//!   declarations, numeric constants, the programs);
//! - `types`: annotations (`dace.float64[N, M]`, `dace.int64`);
//! - `program`: the signature and the body's control flow (loops, states);
//! - `elementwise`: array expressions (NumPy arithmetic with broadcasting,
//!   slices, ufuncs) as one map with one tasklet per assignment
//!   (`dataflow`), after the states of its non-elementwise parts (matrix
//!   products, reductions, allocations: `hoisted`).
//!
//! ```text
//! @dace.program                          container A: float64[N, N], B: ...
//! def k(A: dace.float64[N, N], ...):     loop t = 1; t < T; t = t + 1
//!     for t in range(1, T):                state: A -> map[i0=0:N-2, i1=0:N-2]
//!         B[1:-1, 1:-1] = 0.2 * (...)             -> tasklet(__out = 0.2 * (...)) -> B
//! ```
//!
//! Constructs outside the supported subset are errors at their position.

mod calls;
mod control;
mod dataflow;
mod elementwise;
mod hoisted;
mod program;
mod source;
mod types;
mod ufuncs;

use crate::diag::{Diagnostic, Diagnostics};
use crate::model::{Loc, Sdfg};

/// `prog.py:FUNC` -> (`prog.py`, `Some("FUNC")`); a plain path names no function.
pub fn split_spec(spec: &str) -> (&str, Option<&str>) {
    match spec.rsplit_once(':') {
        Some((path, func)) if path.ends_with(".py") && !func.is_empty() && !func.contains('/') => (path, Some(func)),
        _ => (spec, None),
    }
}

/// Whether `path` names a Python program (`prog.py` or `prog.py:FUNC`).
pub fn is_python(path: &str) -> bool {
    split_spec(path).0.ends_with(".py")
}

/// The SDFG of program `func` (the only program when `None`) in the Python
/// `text` of `file`.
pub fn import_python(text: &str, file: &str, func: Option<&str>) -> Result<Sdfg, Diagnostics> {
    let module = source::Module::parse(text, file)?;
    let programs = module.programs();
    let chosen = match func {
        Some(name) => programs.iter().find(|p| p.name.as_str() == name).copied().ok_or_else(|| {
            let names: Vec<&str> = programs.iter().map(|p| p.name.as_str()).collect();
            at(&Loc::Text { file: file.to_string(), line: 1, col: 1 }, format!("no program '{name}' in the file (programs: {})", names.join(", ")))
        })?,
        None => match programs.as_slice() {
            [one] => *one,
            [] => return Err(at(&Loc::Text { file: file.to_string(), line: 1, col: 1 }, "no @dace.program in the file")),
            many => {
                let names: Vec<&str> = many.iter().map(|p| p.name.as_str()).collect();
                return Err(at(
                    &Loc::Text { file: file.to_string(), line: 1, col: 1 },
                    format!("the file has several programs ({}): name one as {file}:NAME", names.join(", ")),
                ));
            }
        },
    };
    program::build(&module, chosen)
}

/// One diagnostic as the error of a whole import.
fn at(loc: &Loc, message: impl Into<String>) -> Diagnostics {
    Diagnostics(vec![Diagnostic::new(loc, message)])
}
