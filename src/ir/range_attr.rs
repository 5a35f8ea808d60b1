//! The subset and map range attribute `#sdfg.range<0:N, "i + 1":"N - 1":2>`:
//! one to four parts per dimension (begin, exclusive end, step, tile), each
//! the canonical text of a symbolic expression. The C API has no access to
//! a dialect's own attributes, so `dialect/SDFGDialect.cpp` exposes it.

use super::context::mlir_str;
use crate::symbolic::{self, Dim, Subset};
use melior::ir::{attribute::AttributeLike, Attribute};
use melior::{Context, ContextRef};

extern "C" {
    fn sdfgRangeAttrGet(
        context: mlir_sys::MlirContext,
        num_dims: isize,
        num_parts: *const isize,
        parts: *const mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsARange(attribute: mlir_sys::MlirAttribute) -> bool;
    fn sdfgRangeAttrGetNumDims(attribute: mlir_sys::MlirAttribute) -> isize;
    fn sdfgRangeAttrGetNumParts(attribute: mlir_sys::MlirAttribute, dim: isize) -> isize;
    fn sdfgRangeAttrGetPart(attribute: mlir_sys::MlirAttribute, dim: isize, part: isize) -> mlir_sys::MlirStringRef;
}

/// The parts of a dimension, in order.
const PART_NAMES: [&str; 4] = ["begin", "end", "step", "tile"];

/// The attribute of `subset`, each part printed as the subset's text form
/// prints it.
pub fn build<'c>(context: &'c Context, subset: &Subset) -> Attribute<'c> {
    // SAFETY: a live context; the attribute is never null (below).
    unsafe { Attribute::from_raw(build_raw(context.to_raw(), subset)) }
}

fn build_raw(context: mlir_sys::MlirContext, subset: &Subset) -> mlir_sys::MlirAttribute {
    let dims: Vec<Vec<String>> =
        subset.dims().iter().map(|d| d.parts().iter().map(|p| p.to_string()).collect()).collect();
    let counts: Vec<isize> = dims.iter().map(|d| d.len() as isize).collect();
    let parts: Vec<mlir_sys::MlirStringRef> = dims
        .iter()
        .flatten()
        .map(|s| mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() })
        .collect();
    // SAFETY: `counts` and `parts` outlive the call, which copies the
    // strings. `Dim::parts` gives 1 to 4 parts, so the result is not null.
    unsafe { sdfgRangeAttrGet(context, counts.len() as isize, counts.as_ptr(), parts.as_ptr()) }
}

/// Why a range attribute does not describe a subset.
#[derive(Debug, thiserror::Error)]
pub enum RangeAttrError {
    #[error("must be an #sdfg.range value")]
    NotRange,
    #[error("{part} of dimension {dim}: cannot parse '{text}': {message}")]
    Part { dim: usize, part: &'static str, text: String, message: String, whole: Option<Subset> },
}

/// The subset an attribute holds, each part parsed once.
pub fn read(attr: Attribute) -> Result<Subset, RangeAttrError> {
    let raw = attr.to_raw();
    // SAFETY: a live attribute, checked to be a range before its parts are
    // read; every index is in bounds; the texts are parsed at once.
    unsafe {
        if !sdfgAttributeIsARange(raw) {
            return Err(RangeAttrError::NotRange);
        }
        let mut dims = Vec::with_capacity(sdfgRangeAttrGetNumDims(raw) as usize);
        for d in 0..sdfgRangeAttrGetNumDims(raw) {
            let count = sdfgRangeAttrGetNumParts(raw, d);
            // A range of one quoted part may be a whole subset in the string form.
            let sole = sdfgRangeAttrGetNumDims(raw) == 1 && count == 1;
            let parts = (0..count)
                .map(|k| part(mlir_str(sdfgRangeAttrGetPart(raw, d, k)), d as usize, k as usize, sole))
                .collect::<Result<Vec<_>, _>>()?;
            // The dialect holds 1 to 4 parts per dimension.
            dims.push(Dim::from_parts(parts).ok_or(RangeAttrError::NotRange)?);
        }
        Ok(Subset::Range(dims))
    }
}

fn part(text: &str, dim: usize, k: usize, sole: bool) -> Result<symbolic::Expr, RangeAttrError> {
    symbolic::parse(text).map_err(|e| RangeAttrError::Part {
        dim,
        part: PART_NAMES[k],
        text: text.to_string(),
        message: e.message,
        whole: if sole { whole_range(text) } else { None },
    })
}

/// The subset a part holds when it is itself a whole subset (`"0:N, i"`,
/// the string form of before), so the error can show its spelling.
fn whole_range(text: &str) -> Option<Subset> {
    Subset::parse(text).ok().filter(|s| s.dims().len() > 1 || s.dims().iter().any(|d| d.parts().len() > 1))
}

/// How the dialect prints `subset`: `#sdfg.range<0:N, "i + 1">`.
pub fn spelling(context: ContextRef, subset: &Subset) -> String {
    // SAFETY: the context of a live op; the attribute is printed at once.
    unsafe { Attribute::from_raw(build_raw(context.to_ref().to_raw(), subset)).to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::new_context;

    #[test]
    fn builds_the_parts_the_subset_text_has_and_reads_them_back() {
        let context = new_context();
        let cases = [
            ("i:i + 1, 1:N - 1:2", r#"#sdfg.range<i, 1:"N - 1":2>"#),
            ("0:N:1:4, -2:-1, 0:Min(N, 32)", r#"#sdfg.range<0:N:1:4, -2, 0:"Min(32, N)">"#),
            ("A_row[i]:A_row[i + 1]", r#"#sdfg.range<"A_row[i]":"A_row[i + 1]">"#),
            ("", "#sdfg.range<>"),
        ];
        for (text, want) in cases {
            let subset = Subset::parse(text).unwrap();
            let attr = build(&context, &subset);
            assert_eq!(attr.to_string(), want, "{text:?}");
            let back = read(Attribute::parse(&context, want).unwrap()).unwrap();
            assert_eq!(back, subset, "{text:?}");
            assert_eq!(back.to_string(), subset.to_string());
        }
    }

    #[test]
    fn names_the_part_that_does_not_parse() {
        let context = new_context();
        let attr = Attribute::parse(&context, r#"#sdfg.range<0:N, 0:N:"2 *">"#).unwrap();
        match read(attr) {
            Err(RangeAttrError::Part { dim: 1, part: "step", text, whole: None, .. }) => assert_eq!(text, "2 *"),
            other => panic!("{other:?}"),
        }
        let attr = Attribute::parse(&context, r#"#sdfg.range<"0:N, i">"#).unwrap();
        match read(attr) {
            Err(RangeAttrError::Part { dim: 0, part: "begin", whole: Some(s), .. }) => assert_eq!(s.to_string(), "0:N, i"),
            other => panic!("{other:?}"),
        }
        let not_range = Attribute::parse(&context, r#""0:N""#).unwrap();
        assert!(matches!(read(not_range), Err(RangeAttrError::NotRange)));
    }
}
