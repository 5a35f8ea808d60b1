//! The expression attributes: `#sdfg.exprs<N, "M + 1">`, a container's
//! shape, strides or offset as one symbolic expression per dimension, and
//! `#sdfg.expr<"N*M">`, one expression (a size or a volume). The C API has no
//! access to a dialect's own attributes, so `dialect/SDFGDialect.cpp`
//! exposes them.

use super::context::mlir_str;
use crate::symbolic::Expr;
use melior::ir::{attribute::AttributeLike, Attribute};
use super::assign_attr::raw;
use melior::Context;

extern "C" {
    fn sdfgExprsAttrGet(
        context: mlir_sys::MlirContext,
        count: isize,
        exprs: *const mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsAExprs(attribute: mlir_sys::MlirAttribute) -> bool;
    fn sdfgExprsAttrGetCount(attribute: mlir_sys::MlirAttribute) -> isize;
    fn sdfgExprsAttrGetExpr(attribute: mlir_sys::MlirAttribute, i: isize) -> mlir_sys::MlirStringRef;
    fn sdfgExprAttrGet(context: mlir_sys::MlirContext, expr: mlir_sys::MlirStringRef) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsAExpr(attribute: mlir_sys::MlirAttribute) -> bool;
    fn sdfgExprAttrGetExpr(attribute: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
}

/// The attribute of one expression.
pub fn build_one<'c>(context: &'c Context, expr: &Expr) -> Attribute<'c> {
    let text = expr.to_string();
    // SAFETY: a live context; the string is copied.
    unsafe { Attribute::from_raw(sdfgExprAttrGet(context.to_raw(), raw(&text))) }
}

/// The text of an `#sdfg.expr`, or `None` for another attribute.
pub fn text(attr: Attribute) -> Option<String> {
    // SAFETY: a live attribute; the string is copied out at once.
    unsafe { sdfgAttributeIsAExpr(attr.to_raw()).then(|| mlir_str(sdfgExprAttrGetExpr(attr.to_raw())).to_string()) }
}

/// The attribute of `exprs`, in order.
pub fn build<'c>(context: &'c Context, exprs: &[Expr]) -> Attribute<'c> {
    let texts: Vec<String> = exprs.iter().map(|e| e.to_string()).collect();
    let raw: Vec<_> = texts.iter().map(|t| raw(t)).collect();
    // SAFETY: a live context; the array holds `len` strings, all copied.
    unsafe { Attribute::from_raw(sdfgExprsAttrGet(context.to_raw(), raw.len() as isize, raw.as_ptr())) }
}

/// The texts of an `#sdfg.exprs`, or `None` for another attribute.
pub fn texts(attr: Attribute) -> Option<Vec<String>> {
    // SAFETY: a live attribute; every string is copied out of the context's
    // storage at once.
    unsafe {
        if !sdfgAttributeIsAExprs(attr.to_raw()) {
            return None;
        }
        Some((0..sdfgExprsAttrGetCount(attr.to_raw())).map(|i| mlir_str(sdfgExprsAttrGetExpr(attr.to_raw(), i)).to_string()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic;

    #[test]
    fn expressions_print_bare_or_quoted_and_read_back() {
        let context = crate::ir::new_context();
        let exprs: Vec<Expr> = ["N", "M + 1", "4", "i*j"].iter().map(|t| symbolic::parse(t).unwrap()).collect();
        let attr = build(&context, &exprs);
        assert_eq!(attr.to_string(), r#"#sdfg.exprs<N, "M + 1", 4, "i*j">"#);
        let back: Vec<Expr> = texts(attr).unwrap().iter().map(|t| symbolic::parse(t).unwrap()).collect();
        assert_eq!(back, exprs);
        assert_eq!(build(&context, &[]).to_string(), "#sdfg.exprs<>");
        let one = symbolic::parse("N*M").unwrap();
        assert_eq!(build_one(&context, &one).to_string(), r#"#sdfg.expr<"N*M">"#);
        assert_eq!(text(build_one(&context, &one)).map(|t| symbolic::parse(&t).unwrap()), Some(one));
        assert_eq!(build_one(&context, &Expr::int(1)).to_string(), "#sdfg.expr<1>");
    }

    #[test]
    fn another_attribute_is_not_an_expression_list() {
        let context = crate::ir::new_context();
        let strings = crate::ir::attr_list::str_array(&context, &["N"]);
        assert_eq!(texts(strings), None);
        assert_eq!(text(strings), None);
    }
}
