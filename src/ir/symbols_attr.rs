//! The nested-SDFG attribute `#sdfg.symbols<N = N, L = "N - 2">`: each inner
//! symbol and the outer expression it takes, in order (exposed by
//! `dialect/SDFGDialect.cpp`, as the C API has no access to a dialect's own
//! attributes).

use super::assign_attr::{pairs_of, raw};
use crate::symbolic::Expr;
use melior::ir::{attribute::AttributeLike, Attribute};
use melior::Context;

extern "C" {
    fn sdfgSymbolsAttrGet(
        context: mlir_sys::MlirContext,
        count: isize,
        symbols: *const mlir_sys::MlirStringRef,
        values: *const mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsASymbols(attribute: mlir_sys::MlirAttribute) -> bool;
}

/// The attribute of a symbol mapping, in its order.
pub fn build<'c>(context: &'c Context, mapping: &[(String, Expr)]) -> Attribute<'c> {
    let values: Vec<String> = mapping.iter().map(|(_, e)| e.to_string()).collect();
    let symbols: Vec<_> = mapping.iter().map(|(s, _)| raw(s)).collect();
    let values: Vec<_> = values.iter().map(|v| raw(v)).collect();
    // SAFETY: a live context; both arrays hold `len` strings, all copied.
    unsafe {
        let attr = sdfgSymbolsAttrGet(context.to_raw(), symbols.len() as isize, symbols.as_ptr(), values.as_ptr());
        Attribute::from_raw(attr)
    }
}

/// The (symbol, expression text) pairs of an `#sdfg.symbols`, or `None`
/// for another attribute.
pub fn pairs(attr: Attribute) -> Option<Vec<(String, String)>> {
    // SAFETY: a live attribute, checked to be an `#sdfg.symbols`.
    unsafe { sdfgAttributeIsASymbols(attr.to_raw()).then(|| pairs_of(attr)) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic;

    #[test]
    fn order_and_expressions_survive() {
        let context = crate::ir::new_context();
        let mapping: Vec<(String, Expr)> =
            [("N", "N"), ("L", "N - 2"), ("A", "4")].iter().map(|(s, v)| (s.to_string(), symbolic::parse(v).unwrap())).collect();
        let attr = build(&context, &mapping);
        assert_eq!(attr.to_string(), r#"#sdfg.symbols<N = N, L = "N - 2", A = 4>"#);
        let back: Vec<(String, Expr)> = pairs(attr).unwrap().into_iter().map(|(s, v)| (s, symbolic::parse(&v).unwrap())).collect();
        assert_eq!(back, mapping);
        assert_eq!(pairs(crate::ir::attr_list::str_array(&context, &["N"])), None);
    }
}
