//! The interstate edge attribute `#sdfg.assign<t = "t + 1", k = 0>`: the
//! edge's assignments as ordered (symbol, value) pairs (the C API has no
//! access to a dialect's own attributes, so `dialect/SDFGDialect.cpp`
//! exposes it).

use super::context::mlir_str;
use crate::model::Assignment;
use melior::ir::{attribute::AttributeLike, Attribute};
use melior::Context;
use std::collections::HashSet;

extern "C" {
    fn sdfgAssignAttrGet(
        context: mlir_sys::MlirContext,
        count: isize,
        symbols: *const mlir_sys::MlirStringRef,
        values: *const mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsAAssign(attribute: mlir_sys::MlirAttribute) -> bool;
    fn sdfgPairsAttrGetCount(attribute: mlir_sys::MlirAttribute) -> isize;
    fn sdfgPairsAttrGetName(attribute: mlir_sys::MlirAttribute, i: isize) -> mlir_sys::MlirStringRef;
    fn sdfgPairsAttrGetValue(attribute: mlir_sys::MlirAttribute, i: isize) -> mlir_sys::MlirStringRef;
}

/// The (name, expression text) pairs of an `#sdfg.assign` or `#sdfg.symbols`.
///
/// # Safety
/// `attr` is one of those two attributes.
pub(super) unsafe fn pairs_of(attr: Attribute) -> Vec<(String, String)> {
    // SAFETY: every string is copied out of the context's storage at once.
    unsafe {
        let pair = |i| {
            let name = mlir_str(sdfgPairsAttrGetName(attr.to_raw(), i)).to_string();
            (name, mlir_str(sdfgPairsAttrGetValue(attr.to_raw(), i)).to_string())
        };
        (0..sdfgPairsAttrGetCount(attr.to_raw())).map(pair).collect()
    }
}

pub(super) fn raw(s: &str) -> mlir_sys::MlirStringRef {
    mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() }
}

/// The attribute of an edge's assignments, in their order.
pub fn build<'c>(context: &'c Context, assignments: &[Assignment]) -> Attribute<'c> {
    let symbols: Vec<_> = assignments.iter().map(|a| raw(&a.symbol)).collect();
    let values: Vec<_> = assignments.iter().map(|a| raw(a.value())).collect();
    // SAFETY: a live context; both arrays hold `len` strings, all copied.
    unsafe {
        let attr = sdfgAssignAttrGet(context.to_raw(), symbols.len() as isize, symbols.as_ptr(), values.as_ptr());
        Attribute::from_raw(attr)
    }
}

/// Why an `assignments` attribute does not hold an edge's assignments.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum AssignAttrError {
    #[error("attribute 'assignments' must be an #sdfg.assign value (assignments = #sdfg.assign<t = \"t + 1\", k = 0>)")]
    NotAssign,
    #[error("interstate assignment of '{0}' to an empty symbol")]
    EmptySymbol(String),
    #[error("symbol '{0}' is assigned twice by one interstate edge")]
    Duplicate(String),
    #[error("assignment to '{symbol}': '{value}' is not a Python expression ({message})")]
    NotPython { symbol: String, value: String, message: String },
}

/// The assignments an attribute holds. A value the symbolic engine does not
/// read stays (the verifier or the code that needs it reports it) when it is
/// Python, which DaCe accepts; other text is an error here, as in DaCe.
pub fn read(attr: Attribute) -> Result<Vec<Assignment>, AssignAttrError> {
    // SAFETY: a live attribute; every string is copied out of the context's
    // storage at once.
    // SAFETY: a live attribute, checked to be an `#sdfg.assign`.
    let pairs = unsafe {
        if !sdfgAttributeIsAAssign(attr.to_raw()) {
            return Err(AssignAttrError::NotAssign);
        }
        pairs_of(attr)
    };
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(pairs.len());
    for (symbol, value) in pairs {
        if symbol.trim().is_empty() {
            return Err(AssignAttrError::EmptySymbol(value));
        }
        if !seen.insert(symbol.clone()) {
            return Err(AssignAttrError::Duplicate(symbol));
        }
        let assignment = Assignment::new(symbol, value);
        if assignment.parsed().is_err() {
            python_expression(&assignment)?;
        }
        out.push(assignment);
    }
    Ok(out)
}

/// Whether the value is one Python expression: the right-hand side of a
/// single assignment statement, a construct tasklets leave out included.
fn python_expression(a: &Assignment) -> Result<(), AssignAttrError> {
    let not_python = |message: String| AssignAttrError::NotPython {
        symbol: a.symbol.clone(),
        value: a.value().to_string(),
        message,
    };
    match crate::tasklet::parse(&format!("__value = {}", a.value().trim())) {
        Ok(stmts) if stmts.len() == 1 => Ok(()),
        Ok(_) => Err(not_python("more than one statement".into())),
        Err(e) if e.is_unsupported() => Ok(()),
        Err(e) => Err(not_python(e.message)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::new_context;

    fn round_trip(pairs: &[(&str, &str)]) -> Result<Vec<(String, String)>, AssignAttrError> {
        let context = new_context();
        let assignments: Vec<_> = pairs.iter().map(|(s, v)| Assignment::new(*s, *v)).collect();
        let read = read(build(&context, &assignments))?;
        Ok(read.iter().map(|a| (a.symbol.clone(), a.value().to_string())).collect())
    }

    #[test]
    fn order_and_text_survive() {
        let pairs = [("z", "N - 1"), ("k", "-3"), ("a", "N"), ("m", "int_floor(N, 2)")];
        let back = round_trip(&pairs).unwrap();
        let back: Vec<(&str, &str)> = back.iter().map(|(s, v)| (s.as_str(), v.as_str())).collect();
        assert_eq!(back, pairs);
    }

    #[test]
    fn python_that_is_not_symbolic_is_kept() {
        let back = round_trip(&[("x", "N if N > 0 else 1")]).unwrap();
        assert_eq!(back, [("x".to_string(), "N if N > 0 else 1".to_string())]);
    }

    #[test]
    fn bad_pairs_are_errors() {
        assert_eq!(round_trip(&[("t", "1"), ("t", "2")]), Err(AssignAttrError::Duplicate("t".into())));
        assert_eq!(round_trip(&[(" ", "1")]), Err(AssignAttrError::EmptySymbol("1".into())));
        let err = round_trip(&[("t", "1; u = 2")]).unwrap_err();
        assert_eq!(err.to_string(), "assignment to 't': '1; u = 2' is not a Python expression (more than one statement)");
        assert!(matches!(round_trip(&[("t", "(1")]), Err(AssignAttrError::NotPython { .. })));
    }

    #[test]
    fn other_attributes_are_not_assignments() {
        let context = new_context();
        let strings = crate::ir::attr_list::str_array(&context, &["t = 1"]);
        assert_eq!(read(strings).unwrap_err(), AssignAttrError::NotAssign);
    }
}
