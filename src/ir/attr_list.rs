//! The attribute list of an op being built, with the shapes the `sdfg`
//! dialect uses (strings, string arrays, unit flags, enums, dtypes, ranges,
//! connector dictionaries).

use crate::model::{Connector, DType, Extra, Loc};
use crate::symbolic::Subset;
use melior::{
    ir::{
        attribute::{ArrayAttribute, BoolAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute},
        r#type::IntegerType,
        Attribute, Identifier, Location,
    },
    Context,
};

extern "C" {
    fn sdfgEnumAttrGet(
        context: mlir_sys::MlirContext,
        kind: mlir_sys::MlirStringRef,
        value: mlir_sys::MlirStringRef,
    ) -> mlir_sys::MlirAttribute;
}

/// Named attributes in insertion order (MLIR sorts them on the op).
pub struct AttrList<'c> {
    context: &'c Context,
    pub entries: Vec<(Identifier<'c>, Attribute<'c>)>,
}

impl<'c> AttrList<'c> {
    pub fn new(context: &'c Context) -> Self {
        AttrList { context, entries: Vec::new() }
    }

    pub fn attr(&mut self, key: &str, value: Attribute<'c>) -> &mut Self {
        self.entries.push((Identifier::new(self.context, key), value));
        self
    }

    pub fn str(&mut self, key: &str, value: &str) -> &mut Self {
        let value = StringAttribute::new(self.context, value).into();
        self.attr(key, value)
    }

    pub fn opt_str(&mut self, key: &str, value: Option<&str>) -> &mut Self {
        if let Some(v) = value {
            self.str(key, v);
        }
        self
    }

    pub fn str_array<S: AsRef<str>>(&mut self, key: &str, items: &[S]) -> &mut Self {
        let value = str_array(self.context, items);
        self.attr(key, value)
    }

    pub fn i64(&mut self, key: &str, value: i64) -> &mut Self {
        let value = IntegerAttribute::new(IntegerType::new(self.context, 64).into(), value).into();
        self.attr(key, value)
    }

    pub fn bool(&mut self, key: &str, value: bool) -> &mut Self {
        let value = BoolAttribute::new(self.context, value).into();
        self.attr(key, value)
    }

    /// A shape, strides or offset as `#sdfg.exprs<...>`.
    pub fn exprs(&mut self, key: &str, exprs: &[crate::symbolic::Expr]) -> &mut Self {
        let value = super::exprs_attr::build(self.context, exprs);
        self.attr(key, value)
    }

    /// One expression as `#sdfg.expr<...>`, when there is one.
    pub fn opt_expr(&mut self, key: &str, expr: Option<&crate::symbolic::Expr>) -> &mut Self {
        if let Some(e) = expr {
            let value = super::exprs_attr::build_one(self.context, e);
            self.attr(key, value);
        }
        self
    }

    /// A subset or map range as `#sdfg.range<...>`.
    pub fn range(&mut self, key: &str, subset: &Subset) -> &mut Self {
        let value = super::range_attr::build(self.context, subset);
        self.attr(key, value)
    }

    pub fn opt_range(&mut self, key: &str, subset: Option<&Subset>) -> &mut Self {
        if let Some(s) = subset {
            self.range(key, s);
        }
        self
    }

    /// The enum attribute `#sdfg.KEY<value>` (`schedule`, `storage`,
    /// `lifetime`); an error names a value the dialect does not have.
    pub fn enumerated(&mut self, key: &str, value: &str) -> Result<&mut Self, String> {
        self.enumerated_as(key, key, value)
    }

    /// The enum attribute `#sdfg.KIND<value>` under another name
    /// (`instrument = #sdfg.data_instrument<Save>`).
    pub fn enumerated_as(&mut self, key: &str, kind: &str, value: &str) -> Result<&mut Self, String> {
        let value = enum_attr(self.context, kind, value)?;
        Ok(self.attr(key, value))
    }

    /// An element type: `#sdfg.dtype<float64>` for a scalar type, else its text.
    pub fn dtype(&mut self, key: &str, dtype: &DType) -> Result<&mut Self, String> {
        let value = dtype_attr(self.context, dtype)?;
        Ok(self.attr(key, value))
    }

    /// A unit attribute, present only when `on`.
    pub fn flag(&mut self, key: &str, on: bool) -> &mut Self {
        if on {
            let value = Attribute::unit(self.context);
            self.attr(key, value);
        }
        self
    }

    /// A dictionary whose keys without a value are unit attributes.
    fn dict_of(&mut self, key: &str, items: Vec<(&str, Option<Attribute<'c>>)>) -> &mut Self {
        let context = self.context;
        let elements: Vec<_> = items
            .into_iter()
            .map(|(k, v)| (Identifier::new(context, k), v.unwrap_or_else(|| Attribute::unit(context))))
            .collect();
        let value = DictionaryAttribute::new(context, &elements).into();
        self.attr(key, value)
    }

    /// Connectors with their types (`{a, b = #sdfg.dtype<int32>}`), when
    /// there are any.
    pub fn connectors(&mut self, key: &str, conns: &[Connector]) -> Result<&mut Self, String> {
        if conns.is_empty() {
            return Ok(self);
        }
        let items = conns
            .iter()
            .map(|(n, t)| Ok((n.as_str(), t.as_ref().map(|t| dtype_attr(self.context, t)).transpose()?)))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(self.dict_of(key, items))
    }

    /// Properties without a field of their own, as a JSON object string.
    pub fn extra(&mut self, extra: &Extra) -> &mut Self {
        if !extra.is_empty() {
            self.str("extra", &serde_json::Value::Object(extra.clone()).to_string());
        }
        self
    }
}

/// The enum attribute `#sdfg.KIND<value>`; an error names a value the
/// dialect does not have.
fn enum_attr<'c>(context: &'c Context, kind: &str, value: &str) -> Result<Attribute<'c>, String> {
    let raw = |s: &str| mlir_sys::MlirStringRef { data: s.as_ptr().cast(), length: s.len() };
    // SAFETY: a live context; both strings are copied or only read.
    let attr = unsafe { sdfgEnumAttrGet(context.to_raw(), raw(kind), raw(value)) };
    if attr.ptr.is_null() {
        return Err(format!("'{value}' is not a {kind} of DaCe"));
    }
    // SAFETY: a non-null attribute of this context.
    Ok(unsafe { Attribute::from_raw(attr) })
}

/// A scalar type as `#sdfg.dtype<...>`; any other typeclass as the text
/// `DType::parse` reads back (`pointer<float32>`, DaCe's JSON).
pub fn dtype_attr<'c>(context: &'c Context, dtype: &DType) -> Result<Attribute<'c>, String> {
    match dtype {
        DType::Scalar(t) => enum_attr(context, "dtype", t.name()),
        other => Ok(StringAttribute::new(context, &other.to_string()).into()),
    }
}

pub fn str_array<'c, S: AsRef<str>>(context: &'c Context, items: &[S]) -> Attribute<'c> {
    let items: Vec<Attribute> = items.iter().map(|s| StringAttribute::new(context, s.as_ref()).into()).collect();
    ArrayAttribute::new(context, &items).into()
}

/// An op's location: the file, line and column of its element, or unknown
/// for an element with no known origin.
pub fn location<'c>(context: &'c Context, loc: &Loc) -> Location<'c> {
    match loc.position() {
        Some((file, line, col)) => Location::new(context, file, line, col),
        None => Location::unknown(context),
    }
}
