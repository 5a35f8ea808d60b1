//! Module-level symbols: functions, external declarations, constant
//! globals and MLIR functions given as source (MLIR tasklets).

use super::{float_literal, Body, Ty};
use crate::lowering::ModuleGen;

/// A finished function of the module.
pub struct FunctionDef {
    text: String,
}

/// Who may call a function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// The program's entry point, with a C interface.
    Entry,
    /// Called from within the module only.
    Private,
}

impl Body {
    /// Wraps the body as function `@name`.
    pub fn into_function(self, name: &str, visibility: Visibility) -> FunctionDef {
        let params: Vec<String> = self.params.iter().map(|p| format!("{}: {}", p.name, p.ty.mlir())).collect();
        let results: Vec<&str> = self.results.iter().map(|t| t.mlir()).collect();
        let results = if results.is_empty() { String::new() } else { format!(" -> ({})", results.join(", ")) };
        let (private, attrs) = match visibility {
            Visibility::Entry => ("", " attributes {llvm.emit_c_interface}"),
            Visibility::Private => ("private ", ""),
        };
        let head = format!("  func.func {private}@{name}({}){results}{attrs} {{\n", params.join(", "));
        FunctionDef { text: format!("{head}{}  }}\n", self.into_text()) }
    }
}

/// A constant element of a global array.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Literal {
    Int(i64),
    Float(f64),
}

impl ModuleGen {
    pub fn add_function(&mut self, f: FunctionDef) {
        self.functions.push(f.text);
    }

    /// Declares an external C function `result name(params)` (once).
    pub fn declare_external(&mut self, name: &str, params: &[Ty], result: Option<Ty>) {
        let types: Vec<&str> = params.iter().map(|t| t.mlir()).collect();
        let r = result.map(|t| format!(" -> {}", t.mlir())).unwrap_or_default();
        self.globals.insert(format!("llvm.func @{name}({}){r}", types.join(", ")));
    }

    /// Declares an external variadic C function `result name(fixed, ...)`.
    pub fn declare_variadic(&mut self, name: &str, fixed: &[Ty], result: Ty) {
        let types: Vec<&str> = fixed.iter().map(|t| t.mlir()).collect();
        self.globals.insert(format!("llvm.func @{name}({}, ...) -> {}", types.join(", "), result.mlir()));
    }

    /// Whether the module already has a function or declaration `name`
    /// (helpers are defined once).
    pub fn has_symbol(&self, name: &str) -> bool {
        self.symbols.contains(name)
    }

    /// Records that `name` is defined (see [`ModuleGen::has_symbol`]).
    pub fn mark_symbol(&mut self, name: &str) {
        self.symbols.insert(name.to_string());
    }

    /// A global holding `text` (NUL-terminated); returns its symbol.
    pub fn string_constant(&mut self, text: &str) -> String {
        let n = self.strings.len();
        let name = self.strings.entry(text.to_string()).or_insert_with(|| format!("__sdfg_str_{n}")).clone();
        let escaped: String =
            text.bytes().map(|b| if b.is_ascii_alphanumeric() || b == b'_' { (b as char).to_string() } else { format!("\\{b:02X}") }).collect();
        self.globals.insert(format!(
            "llvm.mlir.global internal constant @{name}(\"{escaped}\\00\") {{addr_space = 0 : i32}} : !llvm.array<{} x i8>",
            text.len() + 1
        ));
        name
    }

    /// A constant global array `name` of `values` of type `ty`.
    pub fn constant_array_global(&mut self, name: &str, ty: Ty, values: &[Literal]) {
        let literals: Vec<String> = values
            .iter()
            .map(|v| match v {
                Literal::Int(i) => i.to_string(),
                Literal::Float(f) => float_literal(*f, ty),
            })
            .collect();
        let (t, n) = (ty.mlir(), literals.len());
        self.globals.insert(format!(
            "llvm.mlir.global internal constant @{name}(dense<[{}]> : tensor<{n}x{t}>) {{addr_space = 0 : i32}} : !llvm.array<{n} x {t}>",
            literals.join(", ")
        ));
    }

    /// Adds the functions of MLIR source `text` (upstream dialects) to the
    /// module.
    pub fn add_mlir_source(&mut self, text: String) {
        self.globals.insert(text);
    }
}

impl Ty {
    /// A name for the type that may be part of a symbol (`f64`, `i32u`,
    /// `complex_f32_`): distinct for distinct types.
    pub fn symbol_tag(self) -> String {
        let unsigned = if self.is_unsigned() && self != Ty::I1 { "u" } else { "" };
        self.mlir().replace(['<', '>', '!', '.'], "_") + unsigned
    }
}
