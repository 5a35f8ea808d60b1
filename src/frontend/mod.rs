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

mod allocations;
mod assign;
mod calls;
mod cumsum;
mod control;
mod dataflow;
mod element_indices;
mod elementwise;
mod hoisted;
mod linalg;
mod program;
mod scalar_indices;
mod source;
mod tail_returns;
mod tasklet;
mod types;
mod ufuncs;
mod unpack;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spec_names_the_file_and_the_program() {
        assert_eq!(split_spec("k.py:kernel"), ("k.py", Some("kernel")));
        assert_eq!(split_spec("dir/k.py"), ("dir/k.py", None));
        assert_eq!(split_spec("c:/x/k.py"), ("c:/x/k.py", None));
        assert!(is_python("k.py:f") && !is_python("k.sdfg"));
    }

    #[test]
    fn positions_are_lines_and_columns_in_characters() {
        let m = source::Module::parse("import dace\n# é\nx = 1\n", "p.py").unwrap();
        assert_eq!(m.loc_at(0).to_string(), "p.py:1:1");
        assert_eq!(m.loc_at(12 + 5).to_string(), "p.py:3:1");
    }

    #[test]
    fn every_element_is_located_in_the_python_file() {
        let text = "import dace\nN = dace.symbol('N')\n@dace.program\ndef f(A: dace.float64[N]):\n    A[1:] = A[:-1] * 2\n";
        let sdfg = import_python(text, "p.py", None).expect("imports");
        crate::verify::verify(&sdfg).expect("verifies");
        for (_, state) in crate::transforms::place::states(&sdfg) {
            for node in &state.nodes {
                assert!(node.loc.to_string().starts_with("p.py:5:"), "{}: {}", node.label, node.loc);
            }
        }
    }
}
