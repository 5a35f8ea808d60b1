//! Ops used by library-node lowering (linear algebra, BLAS, LAPACK).

use super::Body;

impl Body {}
