//! DaCe's `instrument` property (and a state's `symbol_instrument`),
//! checked on import. The model keeps a non-default value in `extra`, with
//! the other properties without a field, so every transformation that
//! copies an element keeps it; the
//! dialect gives it a typed attribute (`src/ir/instrument.rs`). A name DaCe
//! does not have is an error at its JSON path.

use super::reader::{Ctx, Obj};
use crate::model::{DataInstrumentation, Instrumentation};

/// `instrument` of an SDFG, state, scope entry, tasklet or nested SDFG.
pub(super) fn check(cx: &mut Ctx, a: &Obj) {
    let _: Instrumentation = a.enum_or(cx, "instrument");
}

/// A data instrumentation: `instrument` of an access node,
/// `symbol_instrument` of a state.
pub(super) fn check_data(cx: &mut Ctx, a: &Obj, key: &str) {
    let _: DataInstrumentation = a.enum_or(cx, key);
}
