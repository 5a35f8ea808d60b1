//! Sizes and strides DaCe derives from a shape when a file leaves them out.

use crate::symbolic::Expr;

/// Product of a shape (the default `total_size`).
pub(crate) fn shape_product(shape: &[Expr]) -> Expr {
    shape.iter().fold(Expr::int(1), |acc, s| acc.mul(s))
}

/// C-order (row-major) strides of a shape.
pub(crate) fn c_strides(shape: &[Expr]) -> Vec<Expr> {
    let mut strides = vec![Expr::int(1); shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1].mul(&shape[i + 1]);
    }
    strides
}
