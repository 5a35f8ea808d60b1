//! Binding NumPy arrays and symbol values to a program's arguments.

use crate::lowering::abi::{Arg, ArgKind};
use crate::npz::{Array, ScalarType};
use crate::symbolic::{Expr, Value};
use std::collections::HashMap;
use std::ffi::c_void;

/// An argument's memory: 8-byte aligned, with the array it came from.
pub struct Buffer {
    words: Vec<u64>,
    dtype: ScalarType,
    shape: Vec<usize>,
    bytes: usize,
    /// Where each element lives (arrays; `None` for symbols and scalars).
    layout: Option<(Layout, Vec<usize>)>,
}

/// Arguments are laid out in fresh memory; beyond this a stride is a mistake.
const MAX_ARGUMENT_BYTES: usize = 1 << 40;

/// The declared strides of an array argument, evaluated.
struct Layout {
    strides: Vec<usize>,
    /// Elements from the first to one past the last addressed.
    reach: usize,
    /// C order without gaps: the NumPy data can be copied as it is.
    contiguous: bool,
}

impl Layout {
    fn of(arg: &Arg, shape: &[usize], symbols: &HashMap<String, i64>) -> Result<Layout, String> {
        let mut strides = vec![1usize; shape.len()];
        for i in (0..shape.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * shape[i + 1].max(1);
        }
        let c_order = strides.clone();
        if let Some(declared) = &arg.strides {
            let lookup = |name: &str| symbols.get(name).map(|v| Value::Int(*v));
            for (i, e) in declared.iter().enumerate().take(strides.len()) {
                strides[i] = match e.eval(&lookup) {
                    Ok(Value::Int(n)) if n >= 0 => n as usize,
                    Ok(other) => return Err(format!("argument '{}': stride {e} is {other:?}, not a stride", arg.name)),
                    Err(err) => return Err(format!("argument '{}': cannot compute stride {e}: {err}", arg.name)),
                };
            }
        }
        let mut last = 0usize;
        for (&n, &s) in shape.iter().zip(&strides) {
            let step = n.saturating_sub(1).checked_mul(s);
            last = step.and_then(|x| last.checked_add(x)).ok_or_else(|| format!("argument '{}': its strides overflow", arg.name))?;
        }
        let count: usize = shape.iter().product();
        let reach = if count == 0 { 0 } else { last + 1 };
        // Strides of size-one dimensions never move: they do not break C order.
        let contiguous = shape.iter().zip(strides.iter().zip(&c_order)).all(|(&n, (s, c))| n == 1 || s == c);
        Ok(Layout { strides, reach, contiguous })
    }

    /// The element offset of every index, in C order.
    fn offsets<'a>(&'a self, shape: &'a [usize]) -> impl Iterator<Item = usize> + 'a {
        let count: usize = shape.iter().product();
        (0..count).map(move |mut flat| {
            let mut at = 0;
            for d in (0..shape.len()).rev() {
                at += (flat % shape[d]) * self.strides[d];
                flat /= shape[d];
            }
            at
        })
    }
}

impl Buffer {
    /// A fresh copy of the input bound to `arg` (zeros for return values).
    pub fn for_arg(arg: &Arg, inputs: &HashMap<String, Array>, symbols: &HashMap<String, i64>) -> Result<Buffer, String> {
        if arg.kind == ArgKind::Symbol {
            let v = *symbols.get(&arg.name).ok_or_else(|| format!("missing value for symbol '{}'", arg.name))?;
            return Ok(Buffer { words: vec![v as u64], dtype: ScalarType::I64, shape: vec![], bytes: 8, layout: None });
        }
        let want = arg.dtype;
        let shape = eval_shape(arg, symbols)?;
        let count: usize = shape.iter().product();
        let array = match inputs.get(&arg.name) {
            Some(a) => a.clone(),
            None if arg.name.starts_with("__return") => Array::try_zeros(want, shape.clone()).map_err(|e| e.to_string())?,
            None => return Err(format!("missing input '{}' ({} of shape {:?})", arg.name, want.name(), shape)),
        };
        if array.dtype != want {
            return Err(format!("input '{}' has dtype {}, the program expects {}", arg.name, array.dtype.name(), want.name()));
        }
        if array.len() != count || !same_shape(&array.shape, &shape) {
            return Err(format!("input '{}' has shape {:?}, the program expects {:?}", arg.name, array.shape, shape));
        }
        let layout = Layout::of(arg, &shape, symbols)?;
        let size = want.size();
        let bytes = layout.reach.checked_mul(size).filter(|&b| b <= MAX_ARGUMENT_BYTES).ok_or_else(|| {
            format!("argument '{}': its strides reach {} elements, too many to allocate", arg.name, layout.reach)
        })?;
        let mut words = Vec::new();
        words.try_reserve_exact(bytes.div_ceil(8).max(1)).map_err(|_| {
            format!("argument '{}': cannot allocate {bytes} bytes for its strides", arg.name)
        })?;
        words.resize(bytes.div_ceil(8).max(1), 0u64);
        // SAFETY: `words` has at least `bytes` bytes, and every element
        // offset `layout` gives is below `reach`.
        let memory = unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr() as *mut u8, bytes) };
        if layout.contiguous {
            memory[..array.data.len()].copy_from_slice(&array.data);
            return Ok(Buffer { words, dtype: array.dtype, shape: array.shape.clone(), bytes, layout: None });
        }
        for (i, at) in layout.offsets(&shape).enumerate() {
            memory[at * size..(at + 1) * size].copy_from_slice(&array.data[i * size..(i + 1) * size]);
        }
        Ok(Buffer { words, dtype: array.dtype, shape: array.shape.clone(), bytes, layout: Some((layout, shape)) })
    }

    pub fn pointer(&mut self) -> *mut c_void {
        self.words.as_mut_ptr() as *mut c_void
    }

    pub fn into_array(self) -> Array {
        // SAFETY: reading `bytes` initialised bytes of `words`.
        let memory = unsafe { std::slice::from_raw_parts(self.words.as_ptr() as *const u8, self.bytes) };
        let data = match &self.layout {
            Some((layout, shape)) => {
                let size = self.dtype.size();
                layout.offsets(shape).flat_map(|at| memory[at * size..(at + 1) * size].iter().copied()).collect()
            }
            None => memory.to_vec(),
        };
        Array { dtype: self.dtype, shape: self.shape, data }
    }
}

/// Whether a given shape is the expected one, up to dimensions of size one
/// (a scalar given as `()` or `(1,)`), which do not change the layout.
fn same_shape(given: &[usize], expected: &[usize]) -> bool {
    let squeeze = |s: &[usize]| s.iter().copied().filter(|&n| n != 1).collect::<Vec<_>>();
    squeeze(given) == squeeze(expected)
}

/// Rejects `--symbol` names the program does not declare.
pub fn check_symbol_names<'n>(declared: &[(String, crate::model::ScalarType)], given: impl IntoIterator<Item = &'n str>) -> Result<(), String> {
    let unknown: Vec<&str> = given.into_iter().filter(|g| !declared.iter().any(|(d, _)| d == g)).collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let mut known: Vec<&str> = declared.iter().map(|(d, _)| d.as_str()).collect();
    known.sort();
    let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
    Err(format!("the program has no symbol(s) {} (its symbols: {known})", unknown.join(", ")))
}

/// The value of every free symbol: given explicitly, or read off the shape
/// of an input whose dimension is that bare symbol.
pub fn bind_symbols(args: &[Arg], inputs: &HashMap<String, Array>, given: &HashMap<String, i64>) -> Result<HashMap<String, i64>, String> {
    let shapes = inputs.iter().map(|(name, a)| (name.clone(), a.shape.clone())).collect();
    symbols_from_shapes(args, &shapes, given)
}

/// As [`bind_symbols`], from the shapes of the arrays given, by name.
pub(crate) fn symbols_from_shapes(
    args: &[Arg],
    shapes: &HashMap<String, Vec<usize>>,
    given: &HashMap<String, i64>,
) -> Result<HashMap<String, i64>, String> {
    let mut symbols = given.clone();
    for arg in args.iter().filter(|a| a.kind == ArgKind::Array) {
        let Some(shape) = shapes.get(&arg.name) else { continue };
        if shape.len() != arg.shape.len() {
            continue;
        }
        for (dim, &n) in arg.shape.iter().zip(shape) {
            // `N`, or a size linear in one symbol (`N + 1`, `2 * N`).
            if let Some((s, v)) = dim.bound_symbol(&Expr::int(n as i64)) {
                if let (false, Some(v)) = (symbols.contains_key(&s), v.as_int()) {
                    symbols.insert(s, v);
                }
            }
        }
    }
    let missing: Vec<&str> = args
        .iter()
        .filter(|a| a.kind == ArgKind::Symbol && !symbols.contains_key(&a.name))
        .map(|a| a.name.as_str())
        .collect();
    if !missing.is_empty() {
        return Err(format!("missing value for symbol(s) {} (give --symbol NAME=VALUE)", missing.join(", ")));
    }
    Ok(symbols)
}

pub(crate) fn eval_shape(arg: &Arg, symbols: &HashMap<String, i64>) -> Result<Vec<usize>, String> {
    let lookup = |name: &str| symbols.get(name).map(|v| Value::Int(*v));
    arg.shape
        .iter()
        .map(|d| match d.eval(&lookup) {
            Ok(Value::Int(n)) if n >= 0 => Ok(n as usize),
            Ok(other) => Err(format!("argument '{}': dimension {d} is {other:?}, not a size", arg.name)),
            Err(e) => Err(format!("argument '{}': cannot compute dimension {d}: {e}", arg.name)),
        })
        .collect()
}
