//! C++ for the device part of an FPGA program: an SDFG's control flow and
//! dataflow written as structured C++ that Vitis HLS synthesises and the
//! host compiler runs in software emulation. Every container is reached
//! through a name that indexes like a pointer (`A[linear index]`): array
//! arguments are pointers, local arrays and scalars are arrays, streams are
//! arrays of `hls::stream` (one element for a single stream).

mod cfg;
mod dataflow;
mod expr;
mod partition;
mod state;
mod tasklet;
mod texpr;

pub use expr::symbolic;

use crate::model::{DType, DataDesc, DataKind, ScalarType, Sdfg};
use crate::symbolic::Expr;
use std::collections::BTreeSet;

/// Indented C++ text.
#[derive(Default)]
pub struct Writer {
    pub text: String,
    depth: usize,
}

impl Writer {
    pub fn line(&mut self, s: &str) {
        for _ in 0..self.depth {
            self.text.push_str("    ");
        }
        self.text.push_str(s);
        self.text.push('\n');
    }

    /// A line that opens a block.
    pub fn open(&mut self, s: &str) {
        self.line(s);
        self.depth += 1;
    }

    /// A line that closes a block.
    pub fn close(&mut self, s: &str) {
        self.depth = self.depth.saturating_sub(1);
        self.line(s);
    }

    pub fn pragma(&mut self, s: &str) {
        self.line(&format!("#pragma HLS {s}"));
    }
}

/// One C++ function being written for an SDFG (a kernel, a processing
/// element or a nested SDFG), and the helper functions it needs.
pub struct Func<'s> {
    pub sdfg: &'s Sdfg,
    pub w: Writer,
    /// Functions this one calls (nested SDFGs), in the order to print them.
    pub helpers: Vec<String>,
    /// Prefix of every function name written for the kernel.
    pub prefix: String,
    /// Transients sized by symbols assigned while the program runs, with
    /// their element counts: sized where a state uses them.
    pub deferred: Vec<(String, Expr)>,
    /// In the XRT host program: the kernels its kernel states run.
    pub host: Option<super::host::HostKernels>,
    next_id: usize,
}

impl<'s> Func<'s> {
    pub fn new(sdfg: &'s Sdfg, prefix: &str) -> Func<'s> {
        Func { sdfg, w: Writer::default(), helpers: Vec::new(), prefix: prefix.to_string(), deferred: Vec::new(), host: None, next_id: 0 }
    }

    /// A number no other label or helper of the kernel has.
    pub fn fresh(&mut self) -> usize {
        self.next_id += 1;
        self.next_id
    }

    /// A function for a nested SDFG, sharing this one's numbering.
    pub fn child<'t>(&mut self, sdfg: &'t Sdfg) -> Func<'t> {
        let mut f = Func::new(sdfg, &self.prefix);
        f.next_id = self.next_id;
        f
    }

    /// Takes back a child's numbering and helpers.
    pub fn adopt(&mut self, child: Func) {
        self.next_id = child.next_id;
        for h in child.helpers {
            if !self.helpers.contains(&h) {
                self.helpers.push(h);
            }
        }
    }

    pub fn desc(&self, name: &str) -> Result<&'s DataDesc, String> {
        self.sdfg.container(name).ok_or_else(|| format!("unknown container '{name}'"))
    }

    pub fn elem_type(&self, name: &str) -> Result<String, String> {
        ctype(&self.desc(name)?.dtype).map_err(|e| format!("container '{name}': {e}"))
    }

    /// The flat index of element `indices` (offsets and strides applied).
    pub fn linear(&self, name: &str, indices: &[Expr]) -> Result<Expr, String> {
        let d = self.desc(name)?;
        let strides = d.strides_or_default();
        let offsets = d.offset.clone().unwrap_or_default();
        let mut sum = Expr::int(0);
        for (k, i) in indices.iter().enumerate() {
            let shifted = match offsets.get(k) {
                Some(o) => i.add(o),
                None => i.clone(),
            };
            sum = sum.add(&shifted.mul(strides.get(k).unwrap_or(&Expr::int(1))));
        }
        Ok(sum.simplify())
    }

    /// Whether `name` is an XRT buffer object: FPGA global memory the host
    /// program allocates.
    pub fn is_buffer(&self, name: &str) -> bool {
        self.host.is_some() && self.desc(name).is_ok_and(|d| d.transient && d.storage == crate::model::Storage::FpgaGlobal)
    }

    /// `name[flat index]` for element `indices`.
    pub fn element(&self, name: &str, indices: &[Expr]) -> Result<String, String> {
        if self.is_buffer(name) {
            return Err(format!("host code reaches '{name}', which is in FPGA memory, other than by a copy"));
        }
        let flat = self.linear(name, indices)?;
        Ok(format!("{}[{}]", ident(name), self.index(&flat)?))
    }

    /// An integer expression (index, size, bound) as C++.
    pub fn index(&self, e: &Expr) -> Result<String, String> {
        let text = symbolic(e, self)?;
        Ok(if expr::is_integral(e) { text } else { format!("(long long)({text})") })
    }

    /// Declares the transients in `names` as locals of this function.
    pub fn declare_locals(&mut self, names: &BTreeSet<String>) -> Result<(), String> {
        let mut assigned = BTreeSet::new();
        crate::analysis::symbols::assigned(&self.sdfg.cfg, &mut assigned);
        for name in names {
            let d = self.desc(name)?;
            let (t, id) = (self.elem_type(name)?, ident(name));
            let count = d.total_elements().simplify();
            match d.kind {
                DataKind::Stream => {
                    let n = count.as_int().ok_or_else(|| format!("stream '{name}': a stream array must have a constant size"))?;
                    let depth = match &d.buffer_size {
                        None => 1,
                        Some(e) => e.simplify().as_int().ok_or_else(|| {
                            format!("stream '{name}': its depth (buffer_size {e}) depends on run-time values, which HLS cannot size")
                        })?,
                    }
                    .max(1);
                    self.w.line(&format!("hls::stream<{t}> {id}[{n}];"));
                    self.w.pragma(&format!("STREAM variable={id} depth={depth}"));
                    self.w.line(&format!("SDFG_HLS_STREAMS({id}, {n}, \"{name}\", {depth});"));
                }
                DataKind::View | DataKind::Reference => self.w.line(&format!("{t}* {id} = nullptr;")),
                DataKind::Scalar => self.w.line(&format!("{t} {id}[1] = {{}};")),
                DataKind::Array if d.reach().free_symbols().iter().any(|s| assigned.contains(s)) => {
                    self.w.line(&format!("sdfg_hls::buffer<{t}> {id}_storage;"));
                    self.w.line(&format!("{t}* {id} = nullptr;"));
                    self.deferred.push((name.clone(), d.reach()));
                }
                DataKind::Array => match count.as_int() {
                    Some(n) if n * element_bytes(&d.dtype) <= 64 * 1024 => {
                        self.w.line(&format!("{t} {id}[{}] = {{}};", n.max(1)));
                        if let Some(how) = partition::partition(self.sdfg, name, d, n) {
                            self.w.pragma(&format!("ARRAY_PARTITION variable={id} {how}"));
                        }
                    }
                    _ => {
                        let n = self.index(&d.reach())?;
                        self.w.line(&format!("std::unique_ptr<{t}[]> {id}_storage(new {t}[{n}]());"));
                        self.w.line(&format!("{t}* {id} = {id}_storage.get();"));
                    }
                },
            }
        }
        Ok(())
    }

    /// Declares the SDFG's compile-time constants (scalars and arrays)
    /// that no container shadows, at file scope.
    pub fn declare_constants(&mut self) -> Result<(), String> {
        for c in &self.sdfg.constants {
            if self.sdfg.container(&c.name).is_some() {
                continue;
            }
            let dtype = c.value.get("dtype").or_else(|| c.descriptor.pointer("/attributes/dtype")).and_then(|d| d.as_str());
            let id = ident(&c.name);
            match &c.value {
                serde_json::Value::Number(n) => {
                    let t = match dtype.and_then(ScalarType::from_name) {
                        Some(t) => scalar_ctype(t)?,
                        None if n.is_f64() => "double",
                        None => "long long",
                    };
                    self.global(format!("[[maybe_unused]] static const {t} {id} = {n};"));
                }
                serde_json::Value::Bool(b) => self.global(format!("[[maybe_unused]] static const bool {id} = {b};")),
                v => {
                    let mut flat = Vec::new();
                    flatten(v.get("data").unwrap_or(v), &mut flat);
                    let t = match dtype.and_then(ScalarType::from_name) {
                        Some(t) => scalar_ctype(t)?,
                        None => "double",
                    };
                    if flat.is_empty() {
                        return Err(format!("constant '{}' has no values the emitter can read", c.name));
                    }
                    self.global(format!("[[maybe_unused]] static const {t} {id}[{}] = {{{}}};", flat.len(), flat.join(", ")));
                }
            }
        }
        Ok(())
    }

    /// A file-scope declaration, once.
    fn global(&mut self, line: String) {
        let line = line + "\n";
        if !self.helpers.contains(&line) {
            self.helpers.push(line);
        }
    }

    /// The C++ strides of an array constant (from its descriptor).
    pub fn constant_strides(&self, name: &str) -> Option<Vec<String>> {
        let c = self.sdfg.constants.iter().find(|c| c.name == name)?;
        let attrs = c.descriptor.get("attributes")?;
        let read = |key: &str| -> Option<Vec<Expr>> {
            attrs.get(key)?.as_array()?.iter().map(|v| crate::symbolic::parse(&v.to_string().replace('"', "")).ok()).collect()
        };
        let strides = match read("strides") {
            Some(s) => s,
            None => crate::model::c_strides(&read("shape")?),
        };
        strides.iter().map(|s| self.index(s).ok()).collect()
    }

    /// The parameter that passes container `name` into a function.
    pub fn param(&self, name: &str) -> Result<String, String> {
        let d = self.desc(name)?;
        let t = self.elem_type(name)?;
        Ok(match d.kind {
            DataKind::Stream => format!("hls::stream<{t}>* {}", ident(name)),
            _ => format!("{t}* {}", ident(name)),
        })
    }

    /// The C++ type of symbol `name`: `double` for floating-point symbols,
    /// else a 64-bit integer (as the host passes them).
    pub fn symbol_type(&self, name: &str) -> String {
        let float = self.sdfg.symbol_type(name).is_some_and(|t| t.is_float());
        if float { "double" } else { "long long" }.to_string()
    }
}

/// C++ spelling of an element type.
pub fn ctype(d: &DType) -> Result<String, String> {
    match d {
        DType::Scalar(s) => scalar_ctype(*s).map(str::to_string),
        other => Err(format!("element type {other:?} has no HLS C++ type in this emitter")),
    }
}

pub fn scalar_ctype(s: ScalarType) -> Result<&'static str, String> {
    Ok(match s {
        ScalarType::Bool => "bool",
        ScalarType::I8 => "int8_t",
        ScalarType::I16 => "int16_t",
        ScalarType::I32 => "int",
        ScalarType::I64 => "long long",
        ScalarType::U8 => "uint8_t",
        ScalarType::U16 => "uint16_t",
        ScalarType::U32 => "unsigned int",
        ScalarType::U64 => "unsigned long long",
        ScalarType::F16 => return Err("float16 has no HLS C++ type in this emitter".into()),
        ScalarType::F32 => "float",
        ScalarType::F64 => "double",
        ScalarType::C64 => "std::complex<float>",
        ScalarType::C128 => "std::complex<double>",
    })
}

fn element_bytes(d: &DType) -> i64 {
    match d {
        DType::Scalar(s) => s.size() as i64,
        _ => 8,
    }
}

/// A C++ identifier for an SDFG name (C++ keywords get a trailing `_`).
pub fn ident(name: &str) -> String {
    const RESERVED: &[&str] = &[
        "auto", "bool", "break", "case", "catch", "char", "class", "const", "continue", "default", "delete", "do", "double",
        "else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "new", "operator", "private",
        "public", "register", "return", "short", "signed", "sizeof", "static", "struct", "switch", "template", "this",
        "throw", "try", "typedef", "union", "unsigned", "using", "virtual", "void", "volatile", "while", "std", "hls",
        "sdfg_hls",
    ];
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if s.is_empty() || s.starts_with(|c: char| c.is_ascii_digit()) || RESERVED.contains(&s.as_str()) {
        s.push('_');
        if s.starts_with(|c: char| c.is_ascii_digit()) {
            s.insert(0, '_');
        }
    }
    s
}

fn flatten(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Array(items) => items.iter().for_each(|i| flatten(i, out)),
        serde_json::Value::Number(n) => out.push(n.to_string()),
        serde_json::Value::Bool(b) => out.push(b.to_string()),
        _ => {}
    }
}

/// `if (c)` without doubled parentheses (which compilers warn about).
pub fn if_head(cond: &str) -> String {
    let mut depth = 0;
    let wrapped = cond.starts_with('(')
        && cond.char_indices().all(|(i, c)| {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
            depth > 0 || i + 1 == cond.len()
        });
    if wrapped {
        format!("if {cond}")
    } else {
        format!("if ({cond})")
    }
}

/// Function parameters (`T name`) with the names the body does not use
/// commented out, so that compilers do not warn about them.
pub fn unnamed_if_unused(params: &[String], body: &str) -> Vec<String> {
    params
        .iter()
        .map(|p| match p.rsplit_once(' ') {
            Some((t, name)) if !uses_name(body, name) => format!("{t} /*{name}*/"),
            _ => p.clone(),
        })
        .collect()
}

/// Whether C++ text names identifier `name`.
pub fn uses_name(text: &str, name: &str) -> bool {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).any(|w| w == name)
}
