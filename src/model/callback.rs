//! Python callbacks: functions DaCe's frontend leaves to the interpreter.
//!
//! DaCe declares each one as a symbol of type `callback` (named after the
//! called function's qualified name with dots as underscores, `numpy_clip`,
//! and a `_0`, `_1`, ... suffix for a second signature) and calls it from a
//! side-effect tasklet. Only the arguments that are data reach the SDFG:
//! constants (`np.clip(A, 0, 1)`'s bounds, `axis=`, `ddof=`) stay in the
//! Python closure.

use super::{DType, DataDesc, Loc};

/// A symbol of DaCe's `callback` type.
#[derive(Clone, Debug, PartialEq)]
pub struct Callback {
    /// The symbol's name (`numpy_linalg_norm`).
    pub name: String,
    /// The argument types, in call order.
    pub arguments: Vec<CallbackType>,
    /// The return types (`returntypes`; empty for none).
    pub returns: Vec<CallbackType>,
    pub loc: Loc,
}

/// One argument or return type: a data descriptor (what the frontend
/// writes) or a bare typeclass (`dace.callback(dace.float64, ...)`).
#[derive(Clone, Debug, PartialEq)]
pub enum CallbackType {
    Data(DataDesc),
    Type(DType),
}

impl CallbackType {
    pub fn dtype(&self) -> &DType {
        match self {
            CallbackType::Data(d) => &d.dtype,
            CallbackType::Type(t) => t,
        }
    }
}
