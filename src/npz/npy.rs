//! The `.npy` format (NumPy's `numpy.lib.format`), versions 1.0 to 3.0.
//!
//! A file is `\x93NUMPY`, a major and minor version byte, the header length
//! (u16 for 1.0, u32 for 2.0/3.0), a Python dict literal
//! `{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }` padded with
//! spaces and a newline, then the raw element bytes.

use super::array::{byte_size, Array};
use crate::scalar::ScalarType;
use super::NpzError;

const MAGIC: &[u8; 6] = b"\x93NUMPY";
/// NumPy aligns the start of the data to this many bytes.
const ARRAY_ALIGN: usize = 64;
/// NumPy leaves room to grow the first axis up to this many digits in place.
const GROWTH_AXIS_MAX_DIGITS: usize = 21;
/// Nesting limit for the header literal, so hostile input cannot recurse deeply.
const MAX_DEPTH: usize = 16;

fn err(msg: impl Into<String>) -> NpzError {
    NpzError::Format(msg.into())
}

/// Parses a `.npy` file. Only little-endian (or byte-order-free) plain dtypes
/// are supported; an array in Fortran order (what `numpy.save` writes for
/// a transposed array) is read into C order.
pub fn read_npy(bytes: &[u8]) -> Result<Array, NpzError> {
    if bytes.len() < 8 || &bytes[..6] != MAGIC {
        return Err(err("not a .npy file (bad magic)"));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let (len_size, utf8) = match (major, minor) {
        (1, 0) => (2, false),
        (2, 0) => (4, false),
        (3, 0) => (4, true),
        _ => return Err(err(format!("unsupported .npy version {major}.{minor}"))),
    };
    let len_bytes = bytes
        .get(8..8 + len_size)
        .ok_or_else(|| err("truncated .npy header"))?;
    let header_len = len_bytes
        .iter()
        .rev()
        .fold(0usize, |n, &b| (n << 8) | usize::from(b));
    let start = 8 + len_size;
    let header = start
        .checked_add(header_len)
        .and_then(|end| bytes.get(start..end))
        .ok_or_else(|| {
            err(format!(
                "truncated .npy header (declares {header_len} bytes)"
            ))
        })?;
    let text = if utf8 {
        std::str::from_utf8(header)
            .map_err(|_| err("header is not valid UTF-8"))?
            .to_string()
    } else {
        // latin-1: every byte is the code point of the same value
        header.iter().map(|&b| char::from(b)).collect()
    };
    let (dtype, shape, fortran) = parse_header(&text)?;
    let size = byte_size(dtype, &shape)
        .ok_or_else(|| err(format!("array size overflows: {} {shape:?}", dtype.name())))?;
    let data = &bytes[start + header_len..];
    if data.len() != size {
        return Err(err(format!(
            "data size mismatch: {} {shape:?} needs {size} bytes, file has {}",
            dtype.name(),
            data.len()
        )));
    }
    let data = if fortran { fortran_to_c(data, dtype.size(), &shape) } else { data.to_vec() };
    Ok(Array { dtype, shape, data })
}

/// The elements of `data`, laid out in Fortran order (first axis fastest),
/// in C order (last axis fastest).
fn fortran_to_c(data: &[u8], element: usize, shape: &[usize]) -> Vec<u8> {
    let count: usize = shape.iter().product();
    let mut out = Vec::with_capacity(data.len());
    if count == 0 || shape.len() <= 1 {
        out.extend_from_slice(data);
        return out;
    }
    // Fortran strides in elements; an odometer over the C order.
    let mut strides = vec![1usize; shape.len()];
    for axis in 1..shape.len() {
        strides[axis] = strides[axis - 1] * shape[axis - 1];
    }
    let mut index = vec![0usize; shape.len()];
    let mut at = 0usize;
    for _ in 0..count {
        out.extend_from_slice(&data[at * element..(at + 1) * element]);
        for axis in (0..shape.len()).rev() {
            index[axis] += 1;
            at += strides[axis];
            if index[axis] < shape[axis] {
                break;
            }
            at -= strides[axis] * shape[axis];
            index[axis] = 0;
        }
    }
    out
}

/// Serializes `a` exactly as `numpy.save` does (version 1.0 unless the header
/// needs more than 64 KiB, then 2.0).
pub fn write_npy(a: &Array) -> Vec<u8> {
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}",
        a.dtype.descr(),
        shape_repr(&a.shape)
    );
    if let Some(first) = a.shape.first() {
        let digits = first.to_string().len();
        header.push_str(&" ".repeat(GROWTH_AXIS_MAX_DIGITS.saturating_sub(digits)));
    }
    let hlen = header.len() + 1; // + final newline
    let mut len_size = 2;
    let mut padlen = ARRAY_ALIGN - ((MAGIC.len() + 2 + len_size + hlen) % ARRAY_ALIGN);
    if hlen + padlen > usize::from(u16::MAX) {
        len_size = 4;
        padlen = ARRAY_ALIGN - ((MAGIC.len() + 2 + len_size + hlen) % ARRAY_ALIGN);
    }
    let total_header = hlen + padlen;
    let mut out = Vec::with_capacity(MAGIC.len() + 2 + len_size + total_header + a.data.len());
    out.extend_from_slice(MAGIC);
    if len_size == 2 {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(total_header as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        out.extend_from_slice(&(total_header as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend(std::iter::repeat_n(b' ', padlen));
    out.push(b'\n');
    out.extend_from_slice(&a.data);
    out
}

/// Python's `repr` of a shape tuple: `()`, `(5,)`, `(3, 4)`.
fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [] => "()".to_string(),
        [d] => format!("({d},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// Extracts dtype, shape and whether the data is in Fortran order from the
/// header dict literal.
fn parse_header(text: &str) -> Result<(ScalarType, Vec<usize>, bool), NpzError> {
    let mut p = Parser {
        s: text.as_bytes(),
        pos: 0,
    };
    let lit = p.value(0)?;
    p.skip_ws();
    if p.pos != p.s.len() {
        return Err(err(format!("trailing characters in header: {text:?}")));
    }
    let Lit::Dict(items) = lit else {
        return Err(err(format!("header is not a dict: {text:?}")));
    };
    let (mut descr, mut fortran, mut shape) = (None, None, None);
    for (key, value) in items {
        match key.as_str() {
            "descr" => descr = Some(value),
            "fortran_order" => fortran = Some(value),
            "shape" => shape = Some(value),
            _ => return Err(err(format!("unexpected header key '{key}'"))),
        }
    }
    let dtype = match descr {
        Some(Lit::Str(d)) => ScalarType::from_descr(&d).map_err(err)?,
        Some(_) => return Err(err("unsupported dtype (structured or non-string descr)")),
        None => return Err(err("header lacks 'descr'")),
    };
    let shape = match shape {
        Some(Lit::Tuple(dims)) => dims
            .into_iter()
            .map(|d| match d {
                Lit::Int(n) => Ok(n),
                _ => Err(err("shape entries must be integers")),
            })
            .collect::<Result<Vec<usize>, NpzError>>()?,
        Some(_) => return Err(err("header 'shape' is not a tuple")),
        None => return Err(err("header lacks 'shape'")),
    };
    let fortran = match fortran {
        Some(Lit::Bool(order)) => order,
        Some(_) => return Err(err("header 'fortran_order' is not a bool")),
        None => return Err(err("header lacks 'fortran_order'")),
    };
    Ok((dtype, shape, fortran))
}

/// The Python literal subset that appears in `.npy` headers.
enum Lit {
    Str(String),
    Int(usize),
    Bool(bool),
    None,
    Tuple(Vec<Lit>),
    Dict(Vec<(String, Lit)>),
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while self
            .s
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.pos).copied()
    }

    fn expect(&mut self, c: u8) -> Result<(), NpzError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(err(format!(
                "malformed header: expected '{}' at offset {}",
                char::from(c),
                self.pos
            )))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Lit, NpzError> {
        if depth > MAX_DEPTH {
            return Err(err("malformed header: nesting too deep"));
        }
        match self.peek() {
            Some(b'{') => {
                let items = self.sequence(b'{', b'}', depth, |p, d| {
                    let Lit::Str(key) = p.value(d)? else {
                        return Err(err("malformed header: dict keys must be strings"));
                    };
                    p.expect(b':')?;
                    Ok((key, p.value(d)?))
                })?;
                Ok(Lit::Dict(items))
            }
            Some(b'(') => Ok(Lit::Tuple(
                self.sequence(b'(', b')', depth, |p, d| p.value(d))?,
            )),
            // Lists only occur in structured descrs, which are rejected later.
            Some(b'[') => {
                self.sequence(b'[', b']', depth, |p, d| p.value(d))?;
                Ok(Lit::None)
            }
            Some(q @ (b'\'' | b'"')) => self.string(q),
            Some(c) if c.is_ascii_digit() => self.int(),
            Some(c) if c.is_ascii_alphabetic() => {
                let start = self.pos;
                while self
                    .s
                    .get(self.pos)
                    .is_some_and(|c| c.is_ascii_alphanumeric())
                {
                    self.pos += 1;
                }
                match &self.s[start..self.pos] {
                    b"True" => Ok(Lit::Bool(true)),
                    b"False" => Ok(Lit::Bool(false)),
                    b"None" => Ok(Lit::None),
                    w => Err(err(format!(
                        "malformed header: unexpected '{}'",
                        String::from_utf8_lossy(w)
                    ))),
                }
            }
            Some(c) => Err(err(format!(
                "malformed header: unexpected '{}' at offset {}",
                char::from(c),
                self.pos
            ))),
            None => Err(err("malformed header: unexpected end")),
        }
    }

    /// `open item, item, ... [,] close`.
    fn sequence<T>(
        &mut self,
        open: u8,
        close: u8,
        depth: usize,
        mut item: impl FnMut(&mut Self, usize) -> Result<T, NpzError>,
    ) -> Result<Vec<T>, NpzError> {
        self.expect(open)?;
        let mut items = Vec::new();
        loop {
            if self.peek() == Some(close) {
                self.pos += 1;
                return Ok(items);
            }
            items.push(item(self, depth + 1)?);
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(c) if c == close => {}
                _ => {
                    return Err(err(format!(
                        "malformed header: expected ',' or '{}'",
                        char::from(close)
                    )))
                }
            }
        }
    }

    fn string(&mut self, quote: u8) -> Result<Lit, NpzError> {
        self.pos += 1;
        let start = self.pos;
        while let Some(&c) = self.s.get(self.pos) {
            if c == quote {
                let text = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
                self.pos += 1;
                return Ok(Lit::Str(text));
            }
            if c == b'\\' {
                return Err(err(
                    "malformed header: escapes in strings are not supported",
                ));
            }
            self.pos += 1;
        }
        Err(err("malformed header: unterminated string"))
    }

    fn int(&mut self) -> Result<Lit, NpzError> {
        let start = self.pos;
        while self.s.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = String::from_utf8_lossy(&self.s[start..self.pos]).into_owned();
        // Python 2 wrote long integers as `3L`.
        if self.s.get(self.pos) == Some(&b'L') {
            self.pos += 1;
        }
        digits
            .parse::<usize>()
            .map(Lit::Int)
            .map_err(|_| err(format!("dimension {digits} is too large")))
    }
}
