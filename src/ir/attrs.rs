//! Typed access to an op's attributes, with diagnostics at the op's location.

use super::context::location_loc;
use super::exprs_attr;
use super::symbols_attr;
use super::range_attr::{self, RangeAttrError};
use crate::{
    diag::Diagnostic,
    model::{CodeBlock, Connector, DType, Extra, Loc, ScalarType, UnknownValue},
    symbolic::{self, Expr, Subset},
};
use melior::ir::{
    attribute::AttributeLike,
    attribute::{ArrayAttribute, BoolAttribute, DictionaryAttribute, IntegerAttribute, StringAttribute},
    operation::{OperationLike, OperationRef},
    Attribute,
};

extern "C" {
    fn sdfgEnumAttrValue(attribute: mlir_sys::MlirAttribute) -> mlir_sys::MlirStringRef;
}

/// Subsets already parsed during one read of a module, by their
/// `#sdfg.range` attribute (uniqued by the context, so equal ranges are the
/// same attribute): programs repeat a few subsets on many memlets. Lives no longer
/// than the read, while the context keeps the attributes alive.
#[derive(Default)]
pub struct SubsetCache(std::collections::HashMap<usize, Subset>);

/// One op seen through its attributes.
pub struct OpView<'c, 'a> {
    pub op: OperationRef<'c, 'a>,
    pub loc: Loc,
}

impl<'c, 'a> OpView<'c, 'a> {
    pub fn new(op: OperationRef<'c, 'a>, file: &str) -> Self {
        let loc = location_loc(&op.location(), file);
        OpView { op, loc }
    }

    pub fn name(&self) -> String {
        identifier_text(&self.op.name()).unwrap_or_default()
    }

    pub fn error(&self, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(&self.loc, message)
    }

    fn attr(&self, name: &str) -> Option<Attribute<'c>> {
        self.op.attribute(name).ok()
    }

    pub fn flag(&self, name: &str) -> bool {
        self.op.has_attribute(name)
    }

    pub fn opt_str(&self, name: &str) -> Result<Option<String>, Diagnostic> {
        match self.attr(name) {
            None => Ok(None),
            Some(a) => StringAttribute::try_from(a)
                .map(|s| Some(string_value(&s)))
                .map_err(|_| self.error(format!("attribute '{name}' must be a string"))),
        }
    }

    /// The member named by an enum attribute (`#sdfg.schedule<CPU_Multicore>`),
    /// or the enum's default when the attribute is absent.
    pub fn enum_or<T: std::str::FromStr<Err = UnknownValue> + Default>(&self, name: &str) -> Result<T, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(T::default()) };
        let value = enum_case(a);
        if value.is_empty() {
            return Err(self.error(format!("attribute '{name}' must be an #sdfg.{name} value")));
        }
        value.parse().map_err(|e: UnknownValue| self.error(e.to_string()))
    }

    /// An element type (`#sdfg.dtype<float64>`, or the text of another
    /// typeclass).
    pub fn dtype(&self, name: &str) -> Result<DType, Diagnostic> {
        let a = self.attr(name).ok_or_else(|| self.error(format!("missing attribute '{name}'")))?;
        dtype_of(a).map_err(|e| self.error(format!("attribute '{name}': {e}")))
    }

    pub fn str(&self, name: &str) -> Result<String, Diagnostic> {
        self.opt_str(name)?.ok_or_else(|| self.error(format!("missing attribute '{name}'")))
    }

    pub fn opt_i64(&self, name: &str) -> Result<Option<i64>, Diagnostic> {
        match self.attr(name) {
            None => Ok(None),
            Some(a) => IntegerAttribute::try_from(a)
                .map(|i| Some(i.value()))
                .map_err(|_| self.error(format!("attribute '{name}' must be an integer"))),
        }
    }

    pub fn opt_bool(&self, name: &str) -> Result<Option<bool>, Diagnostic> {
        match self.attr(name) {
            None => Ok(None),
            Some(a) => BoolAttribute::try_from(a)
                .map(|b| Some(b.value()))
                .map_err(|_| self.error(format!("attribute '{name}' must be a bool"))),
        }
    }

    pub fn opt_str_array(&self, name: &str) -> Result<Option<Vec<String>>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(None) };
        let bad = || self.error(format!("attribute '{name}' must be an array of strings"));
        let array = ArrayAttribute::try_from(a).map_err(|_| bad())?;
        (0..array.len())
            .map(|i| {
                let e = array.element(i).map_err(|_| bad())?;
                StringAttribute::try_from(e).map(|s| string_value(&s)).map_err(|_| bad())
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    pub fn str_array(&self, name: &str) -> Result<Vec<String>, Diagnostic> {
        Ok(self.opt_str_array(name)?.unwrap_or_default())
    }

    /// Connectors: names to types, `unit` for an inferred type.
    pub fn connectors(&self, name: &str) -> Result<Vec<Connector>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(Vec::new()) };
        let bad = || self.error(format!("attribute '{name}' must be a dictionary of connector types"));
        let dict = DictionaryAttribute::try_from(a).map_err(|_| bad())?;
        let mut out = Vec::with_capacity(dict.len());
        for i in 0..dict.len() {
            let (key, value) = dict.element(i).map_err(|_| bad())?;
            let key = identifier_text(&key).ok_or_else(bad)?;
            let dtype = if value.is_unit() {
                None
            } else {
                Some(dtype_of(value).map_err(|e| self.error(format!("connector '{key}': {e}")))?)
            };
            out.push((key, dtype));
        }
        Ok(out)
    }

    pub fn expr(&self, name: &str, text: &str) -> Result<Expr, Diagnostic> {
        symbolic::parse(text)
            .map(|e| e.simplify())
            .map_err(|e| self.error(format!("attribute '{name}': cannot parse '{text}': {}", e.message)))
    }

    /// A nested SDFG's symbol mapping (`#sdfg.symbols<N = N, L = "N - 2">`),
    /// each expression parsed once; empty when the attribute is absent.
    pub fn symbol_mapping(&self, name: &str) -> Result<Vec<(String, Expr)>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(Vec::new()) };
        let pairs = symbols_attr::pairs(a)
            .ok_or_else(|| self.error(format!("attribute '{name}' must be an #sdfg.symbols value ({name} = #sdfg.symbols<N = N, L = \"N - 2\">)")))?;
        let parse = |(symbol, text): (String, String)| {
            symbolic::parse(&text)
                .map(|e| (symbol.clone(), e.simplify()))
                .map_err(|e| self.error(format!("attribute '{name}': symbol '{symbol}': cannot parse '{text}': {}", e.message)))
        };
        pairs.into_iter().map(parse).collect()
    }

    /// A required single expression (`#sdfg.expr<...>`).
    pub fn required_expr(&self, name: &str) -> Result<Expr, Diagnostic> {
        self.opt_expr(name)?.ok_or_else(|| self.error(format!("missing attribute '{name}'")))
    }

    /// A size or volume (`#sdfg.expr<"N*M">`), parsed once.
    pub fn opt_expr(&self, name: &str) -> Result<Option<Expr>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(None) };
        let text = exprs_attr::text(a)
            .ok_or_else(|| self.error(format!("attribute '{name}' must be an #sdfg.expr value ({name} = #sdfg.expr<\"N*M\">)")))?;
        self.expr(name, &text).map(Some)
    }

    /// A shape, strides or offset (`#sdfg.exprs<N, "M + 1">`), each
    /// expression parsed once.
    pub fn exprs(&self, name: &str) -> Result<Option<Vec<Expr>>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(None) };
        let texts = exprs_attr::texts(a)
            .ok_or_else(|| self.error(format!("attribute '{name}' must be an #sdfg.exprs value ({name} = #sdfg.exprs<N, \"M + 1\">)")))?;
        let parse = |(k, text): (usize, &String)| {
            symbolic::parse(text)
                .map(|e| e.simplify())
                .map_err(|e| self.error(format!("attribute '{name}': dimension {k}: cannot parse '{text}': {}", e.message)))
        };
        texts.iter().enumerate().map(parse).collect::<Result<Vec<_>, _>>().map(Some)
    }

    /// A subset or map range (`#sdfg.range<0:N, i>`), each part parsed once.
    pub fn subset(&self, name: &str) -> Result<Option<Subset>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(None) };
        range_attr::read(a).map(Some).map_err(|e| self.range_error(name, a, e))
    }

    /// The error for a malformed range; a whole subset in the place of a
    /// range or of one of its parts (the string form) gets its new spelling.
    fn range_error(&self, name: &str, a: Attribute, e: RangeAttrError) -> Diagnostic {
        let whole = match &e {
            RangeAttrError::Part { whole, .. } => whole.clone(),
            RangeAttrError::NotRange => StringAttribute::try_from(a).ok().and_then(|s| Subset::parse(&string_value(&s)).ok()),
        };
        let hint = whole.map_or(String::new(), |s| {
            let attr = range_attr::spelling(self.op.context(), &s);
            match attr.strip_prefix("#sdfg.range<").and_then(|t| t.strip_suffix('>')) {
                Some(bare) if name == "range" && !bare.is_empty() => format!("; write = {bare}"),
                _ => format!("; write {name} = {attr}"),
            }
        });
        self.error(format!("attribute '{name}': {e}{hint}"))
    }

    /// As [`OpView::subset`], parsing each distinct attribute once per read.
    pub fn cached_subset(&self, name: &str, cache: &mut SubsetCache) -> Result<Option<Subset>, Diagnostic> {
        let Some(a) = self.attr(name) else { return Ok(None) };
        let key = a.to_raw().ptr as usize;
        if let Some(s) = cache.0.get(&key) {
            return Ok(Some(s.clone()));
        }
        let parsed = self.subset(name)?;
        if let Some(s) = &parsed {
            cache.0.insert(key, s.clone());
        }
        Ok(parsed)
    }

    pub fn extra(&self) -> Result<Extra, Diagnostic> {
        match self.opt_str("extra")? {
            None => Ok(Extra::new()),
            Some(text) => match serde_json::from_str(&text) {
                Ok(serde_json::Value::Object(map)) => Ok(map),
                _ => Err(self.error("attribute 'extra' must hold a JSON object")),
            },
        }
    }

    /// A code attribute; its language sits in `extra` when not Python.
    pub fn code(&self, name: &str, extra: &mut Extra) -> Result<Option<CodeBlock>, Diagnostic> {
        let language = match extra.remove(&format!("{name}_language")) {
            Some(serde_json::Value::String(l)) => l,
            _ => "Python".to_string(),
        };
        Ok(self.opt_str(name)?.map(|code| CodeBlock { code, language }))
    }
}

/// The case name of an enum attribute of the dialect; empty for any other.
fn enum_case(a: Attribute) -> &'static str {
    // SAFETY: a live attribute; the name returned is static.
    unsafe { super::context::mlir_str(sdfgEnumAttrValue(a.to_raw())) }
}

/// An element type: a `#sdfg.dtype` case, or a string holding any other
/// typeclass. A scalar type has one spelling, the enum.
fn dtype_of(a: Attribute) -> Result<DType, String> {
    if let Ok(s) = StringAttribute::try_from(a) {
        let text = string_value(&s);
        if let Some(t) = ScalarType::from_name(text.trim()) {
            return Err(format!("scalar type '{text}' is written #sdfg.dtype<{}>", t.name()));
        }
        return DType::parse(&text).ok_or_else(|| format!("unknown dtype '{text}'"));
    }
    ScalarType::from_name(enum_case(a)).map(DType::Scalar).ok_or_else(|| "must be an #sdfg.dtype or a string".to_string())
}

/// The text of a string attribute. Reads the C API directly: melior's
/// `value()` builds a slice from a null pointer for empty strings.
pub fn string_value(attr: &StringAttribute) -> String {
    // SAFETY: `attr` is a live string attribute; the returned reference
    // points into the context's storage and is copied at once.
    let raw = unsafe { mlir_sys::mlirStringAttrGetValue(attr.to_raw()) };
    string_ref_text(raw)
}

/// The text of an identifier (an op name or a dictionary key).
pub fn identifier_text(id: &melior::ir::Identifier) -> Option<String> {
    // SAFETY: as above, for the identifier's string.
    let raw = unsafe { mlir_sys::mlirIdentifierStr(id.to_raw()) };
    Some(string_ref_text(raw))
}

fn string_ref_text(raw: mlir_sys::MlirStringRef) -> String {
    if raw.length == 0 || raw.data.is_null() {
        return String::new();
    }
    // SAFETY: MLIR guarantees `data` points at `length` bytes.
    let bytes = unsafe { std::slice::from_raw_parts(raw.data as *const u8, raw.length) };
    String::from_utf8_lossy(bytes).into_owned()
}
