//! DaCe's `instrument` property as a typed attribute:
//! `instrument = #sdfg.instrument<Timer>` on SDFGs, states, scopes,
//! tasklets and nested SDFGs, `#sdfg.data_instrument<Save>` on access
//! nodes, absent for `No_Instrumentation`. The model keeps the property in
//! `extra`, checked on import, so transformations that copy an element keep
//! it; building moves it into the attribute and reading moves it back.

use super::attr_list::AttrList;
use super::attrs::OpView;
use crate::diag::Diagnostic;
use crate::model::{DataInstrumentation, Extra, Instrumentation, UnknownValue};
use serde_json::Value;

const KEY: &str = "instrument";

/// Which of DaCe's enums an element's `instrument` belongs to.
#[derive(Clone, Copy)]
pub(super) enum Of {
    /// `InstrumentationType` (`#sdfg.instrument`).
    Code,
    /// `DataInstrumentationType` (`#sdfg.data_instrument`, access nodes).
    Data,
}

impl Of {
    fn dialect_name(self) -> &'static str {
        match self {
            Of::Code => "instrument",
            Of::Data => "data_instrument",
        }
    }

    /// Whether `name` is the default member; an error when it is none.
    fn is_default(self, name: &str) -> Result<bool, UnknownValue> {
        Ok(match self {
            Of::Code => name.parse::<Instrumentation>()?.is_default(),
            Of::Data => name.parse::<DataInstrumentation>()?.is_default(),
        })
    }
}

/// Moves `instrument` out of `extra` into the attribute, when not the default.
pub(super) fn build(attrs: &mut AttrList, extra: &mut Extra, of: Of) -> Result<(), String> {
    match extra.shift_remove(KEY) {
        None => Ok(()),
        Some(Value::String(name)) => {
            if !of.is_default(&name).map_err(|e| e.to_string())? {
                attrs.enumerated_as(KEY, of.dialect_name(), &name)?;
            }
            Ok(())
        }
        Some(other) => Err(format!("instrumentation must be a name, not {other}")),
    }
}

/// Moves the attribute back into `extra`, where the model keeps it; an
/// `instrument` key already there is the old spelling, an error.
pub(super) fn read(v: &OpView, extra: &mut Extra, of: Of) -> Result<(), Diagnostic> {
    if extra.contains_key(KEY) {
        return Err(v.error(format!(
            "instrumentation is written 'instrument = #sdfg.{}<...>', not as a key of 'extra'",
            of.dialect_name()
        )));
    }
    let (name, default) = match of {
        Of::Code => v.enum_or::<Instrumentation>(KEY).map(|i| (i.as_str(), i.is_default()))?,
        Of::Data => v.enum_or::<DataInstrumentation>(KEY).map(|i| (i.as_str(), i.is_default()))?,
    };
    if !default {
        extra.insert(KEY.into(), name.into());
    }
    Ok(())
}
