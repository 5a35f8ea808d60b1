//! Sizes and strides DaCe derives from a shape when a file leaves them out.

use crate::symbolic::Expr;

/// Product of a shape (the default `total_size`).
pub(crate) fn shape_product(shape: &[Expr]) -> Expr {
    shape.iter().fold(Expr::int(1), |acc, s| acc.mul(s))
}

pub(crate) use crate::model::c_strides;
