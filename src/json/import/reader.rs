//! A small typed reader over `serde_json` values that carries the JSON path
//! of what it reads and records every error instead of stopping at the first.

use super::positions::Positions;
use crate::diag::Diagnostic;
use crate::model::{CodeBlock, Loc, UnknownValue};
use crate::symbolic::{self, Expr};
use serde_json::{Map, Value};

/// The import context: the errors found so far (locations carry the file)
/// and, when the text is at hand, where each object starts in it.
pub(super) struct Ctx {
    pub diags: Vec<Diagnostic>,
    positions: Option<Positions>,
}

impl Ctx {
    pub fn new(positions: Option<Positions>) -> Ctx {
        Ctx { diags: Vec::new(), positions }
    }

    pub fn error(&mut self, loc: &Loc, message: impl Into<String>) {
        self.diags.push(Diagnostic::new(loc, message));
    }

    /// Expects an object; reports `expected an object, found ...` otherwise.
    /// The object's location gets its line and column in the text.
    pub fn object<'a>(&mut self, value: &'a Value, loc: Loc) -> Option<Obj<'a>> {
        match value {
            Value::Object(map) => {
                let found = self.positions.as_ref().zip(loc.json_path()).and_then(|(p, path)| p.get(path));
                let loc = match found {
                    Some((line, col)) => loc.at(line, col),
                    None => loc,
                };
                Some(Obj { map, loc })
            }
            other => {
                self.error(&loc, format!("expected an object, found {}", kind(other)));
                None
            }
        }
    }

    pub fn array<'a>(&mut self, value: &'a Value, loc: &Loc) -> Option<&'a Vec<Value>> {
        match value {
            Value::Array(items) => Some(items),
            other => {
                self.error(loc, format!("expected an array, found {}", kind(other)));
                None
            }
        }
    }

    pub fn string<'a>(&mut self, value: &'a Value, loc: &Loc) -> Option<&'a str> {
        match value {
            Value::String(s) => Some(s),
            other => {
                self.error(loc, format!("expected a string, found {}", kind(other)));
                None
            }
        }
    }

    /// A symbolic expression: a string, a JSON number, or a SymExpr object
    /// (`{"main", "approx"}`, of which `main` is used). Stored simplified.
    pub fn expr(&mut self, value: &Value, loc: &Loc) -> Option<Expr> {
        let text = match value {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            Value::Object(map) if map.contains_key("main") => {
                return self.expr(&map["main"], &loc.child("main"));
            }
            other => {
                self.error(loc, format!("expected an expression string, found {}", kind(other)));
                return None;
            }
        };
        self.parse_expr(&text, loc)
    }

    /// A dtype: a basic type name, `pyobject`, or a compound type object.
    /// An unknown name is an error (DaCe rejects it too).
    pub fn dtype(&mut self, value: &Value, loc: &Loc) -> Option<crate::model::DType> {
        let d = crate::model::DType::from_json(value);
        match &d {
            crate::model::DType::Other(Value::String(s)) if s != "pyobject" && s != "string" => {
                self.error(loc, format!("unknown dtype `{s}` (known: {})", crate::model::ScalarType::NAMES.join(", ")));
                None
            }
            crate::model::DType::Other(v) if !v.is_object() && !v.is_string() => {
                self.error(loc, format!("expected a dtype, found {}", kind(v)));
                None
            }
            _ => Some(d),
        }
    }

    pub fn parse_expr(&mut self, text: &str, loc: &Loc) -> Option<Expr> {
        match symbolic::parse(text) {
            Ok(e) => Some(e.simplify()),
            Err(err) => {
                self.error(loc, format!("cannot parse expression `{text}`: {err}"));
                None
            }
        }
    }

    /// A list of expressions (shapes, strides, offsets).
    pub fn expr_list(&mut self, value: &Value, loc: &Loc) -> Option<Vec<Expr>> {
        let items = self.array(value, loc)?;
        let mut out = Vec::with_capacity(items.len());
        let mut ok = true;
        for (i, item) in items.iter().enumerate() {
            match self.expr(item, &loc.child(&format!("[{i}]"))) {
                Some(e) => out.push(e),
                None => ok = false,
            }
        }
        ok.then_some(out)
    }

    /// A code block `{"string_data", "language"}`; a bare string is taken as
    /// Python code.
    pub fn code(&mut self, value: &Value, loc: Loc) -> Option<CodeBlock> {
        if let Value::String(s) = value {
            return Some(CodeBlock::python(s.clone()));
        }
        let obj = self.object(value, loc)?;
        let code = obj.str_or(self, "string_data", "");
        let language = obj.str_or(self, "language", "Python");
        Some(CodeBlock { code, language })
    }

    /// A node or block index written as a string (`"3"`) or an integer,
    /// checked against the number of elements it refers into.
    pub fn index(&mut self, value: &Value, loc: &Loc, len: usize, what: &str) -> Option<usize> {
        let parsed = match value {
            Value::String(s) => s.trim().parse::<usize>().ok(),
            Value::Number(n) => n.as_u64().and_then(|v| usize::try_from(v).ok()),
            other => {
                self.error(loc, format!("expected an index string, found {}", kind(other)));
                return None;
            }
        };
        match parsed {
            Some(i) if i < len => Some(i),
            Some(i) => {
                self.error(loc, format!("{what} index {i} out of range (there are {len})"));
                None
            }
            None => {
                self.error(loc, format!("invalid {what} index {value}"));
                None
            }
        }
    }
}

/// A JSON object together with its path.
#[derive(Clone)]
pub(super) struct Obj<'a> {
    pub map: &'a Map<String, Value>,
    pub loc: Loc,
}

impl<'a> Obj<'a> {
    /// The value of `key` unless it is absent or `null`.
    pub fn non_null(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    pub fn at(&self, key: &str) -> Loc {
        self.loc.child(key)
    }

    pub fn required(&self, cx: &mut Ctx, key: &str) -> Option<&'a Value> {
        let found = self.map.get(key);
        if found.is_none() {
            cx.error(&self.loc, format!("missing required key `{key}`"));
        }
        found
    }

    pub fn req_object(&self, cx: &mut Ctx, key: &str) -> Option<Obj<'a>> {
        let value = self.required(cx, key)?;
        cx.object(value, self.at(key))
    }

    pub fn req_array(&self, cx: &mut Ctx, key: &str) -> Option<&'a Vec<Value>> {
        let value = self.required(cx, key)?;
        cx.array(value, &self.at(key))
    }

    pub fn req_str(&self, cx: &mut Ctx, key: &str) -> Option<&'a str> {
        let value = self.required(cx, key)?;
        cx.string(value, &self.at(key))
    }

    /// An optional object; absent or `null` gives an empty map.
    pub fn opt_object(&self, cx: &mut Ctx, key: &str) -> Option<Obj<'a>> {
        self.non_null(key).and_then(|v| cx.object(v, self.at(key)))
    }

    /// An optional string with a default (also used after a type error, which
    /// is reported).
    pub fn str_or(&self, cx: &mut Ctx, key: &str, default: &str) -> String {
        match self.non_null(key) {
            None => default.to_string(),
            Some(v) => cx.string(v, &self.at(key)).unwrap_or(default).to_string(),
        }
    }

    /// A DaCe enum member (`schedule`, `storage`, `lifetime`) by its name;
    /// absent or `null` is the enum's default. An unknown name is reported.
    pub fn enum_or<T: std::str::FromStr<Err = UnknownValue> + Default>(&self, cx: &mut Ctx, key: &str) -> T {
        let Some(v) = self.non_null(key) else { return T::default() };
        let Some(name) = cx.string(v, &self.at(key)) else { return T::default() };
        name.parse().unwrap_or_else(|e: UnknownValue| {
            cx.error(&self.at(key), e.to_string());
            T::default()
        })
    }

    /// An optional string that may be `null`.
    pub fn opt_str(&self, cx: &mut Ctx, key: &str) -> Option<String> {
        self.non_null(key).and_then(|v| cx.string(v, &self.at(key))).map(str::to_string)
    }

    pub fn bool_or(&self, cx: &mut Ctx, key: &str, default: bool) -> bool {
        match self.non_null(key) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                cx.error(&self.at(key), format!("expected a boolean, found {}", kind(other)));
                default
            }
        }
    }

    pub fn int_or(&self, cx: &mut Ctx, key: &str, default: i64) -> i64 {
        match self.non_null(key) {
            None => default,
            Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64().unwrap_or(default),
            Some(Value::String(s)) if s.trim().parse::<i64>().is_ok() => s.trim().parse().unwrap_or(default),
            Some(other) => {
                cx.error(&self.at(key), format!("expected an integer, found {}", kind(other)));
                default
            }
        }
    }

    /// An optional expression; `None` when absent or `null`.
    pub fn opt_expr(&self, cx: &mut Ctx, key: &str) -> Option<Expr> {
        self.non_null(key).and_then(|v| cx.expr(v, &self.at(key)))
    }

    /// An optional code block; `None` when absent or `null`.
    pub fn opt_code(&self, cx: &mut Ctx, key: &str) -> Option<CodeBlock> {
        self.non_null(key).and_then(|v| cx.code(v, self.at(key)))
    }

    /// The `type` field every DaCe object carries.
    pub fn type_name(&self, cx: &mut Ctx) -> Option<&'a str> {
        self.req_str(cx, "type")
    }
}

/// How an error message names a JSON value's kind.
pub(super) fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}
