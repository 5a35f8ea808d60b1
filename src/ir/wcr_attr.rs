//! The memlet attribute `#sdfg.wcr<Kind, "lambda">` (the C API has no
//! access to a dialect's own attributes, so `dialect/SDFGDialect.cpp`
//! exposes it).

use super::context::mlir_str;
use crate::model::{Wcr, WcrError};
use crate::tasklet::lambda::{Reduction, UnknownReduction};
use melior::ir::{attribute::AttributeLike, Attribute};
use melior::Context;

extern "C" {
    fn sdfgWcrAttrGet(
        context: mlir_sys::MlirContext,
        kind: mlir_sys::MlirStringRef,
        lambda: mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
    fn sdfgAttributeIsAWcr(attribute: mlir_sys::MlirAttribute) -> bool;
    fn sdfgWcrAttrGetKind(attribute: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
    fn sdfgWcrAttrGetLambda(attribute: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
}

fn raw(s: &str) -> mlir_sys::MlirStringRef {
    mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() }
}

/// The attribute of `wcr`, carrying its kind and its text.
pub fn build<'c>(context: &'c Context, wcr: &Wcr) -> Result<Attribute<'c>, String> {
    // SAFETY: a live context; both strings are copied.
    let attr = unsafe { sdfgWcrAttrGet(context.to_raw(), raw(wcr.kind().as_str()), raw(wcr.text())) };
    if attr.ptr.is_null() {
        return Err(format!("the dialect has no write-conflict resolution kind '{}'", wcr.kind()));
    }
    // SAFETY: a non-null attribute of this context.
    Ok(unsafe { Attribute::from_raw(attr) })
}

/// Why a `wcr` attribute does not describe a write-conflict resolution.
#[derive(Debug, thiserror::Error)]
pub enum WcrAttrError {
    #[error("attribute 'wcr' must be an #sdfg.wcr value")]
    NotWcr,
    #[error(transparent)]
    Kind(#[from] UnknownReduction),
    #[error(transparent)]
    Lambda(#[from] WcrError),
    #[error("write-conflict resolution '{text}' is {found}, not {stored} as its kind says")]
    Mismatch { text: String, stored: Reduction, found: Reduction },
}

/// The write-conflict resolution an attribute holds: its lambda parsed, and
/// the stored kind checked against the one the lambda computes.
pub fn read(attr: Attribute) -> Result<Wcr, WcrAttrError> {
    // SAFETY: a live attribute; the kind is static and the lambda is copied
    // out of the context's storage at once.
    let (kind, text) = unsafe {
        if !sdfgAttributeIsAWcr(attr.to_raw()) {
            return Err(WcrAttrError::NotWcr);
        }
        (mlir_str(sdfgWcrAttrGetKind(attr.to_raw())), mlir_str(sdfgWcrAttrGetLambda(attr.to_raw())).to_string())
    };
    let stored: Reduction = kind.parse()?;
    let wcr = Wcr::parse(&text)?;
    if wcr.kind() != stored {
        return Err(WcrAttrError::Mismatch { text, stored, found: wcr.kind() });
    }
    Ok(wcr)
}
