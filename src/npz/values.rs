//! Single elements decoded from array bytes, for comparison and messages.

use std::cmp::Ordering;

use super::array::Element;
use crate::scalar::ScalarType;

/// One decoded element. Integers of every width fit in `i128`; `float16`
/// and `float32` widen exactly to `f64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    Bool(bool),
    Int(i128),
    Float(f64),
    /// Real and imaginary part.
    Complex(f64, f64),
}

impl Value {
    /// Decodes one element; `bytes` must be `dtype.size()` long.
    pub(crate) fn decode(dtype: ScalarType, b: &[u8]) -> Value {
        match dtype {
            ScalarType::Bool => Value::Bool(b[0] != 0),
            ScalarType::I8 => Value::Int(i8::read_le(b).into()),
            ScalarType::I16 => Value::Int(i16::read_le(b).into()),
            ScalarType::I32 => Value::Int(i32::read_le(b).into()),
            ScalarType::I64 => Value::Int(i64::read_le(b).into()),
            ScalarType::U8 => Value::Int(u8::read_le(b).into()),
            ScalarType::U16 => Value::Int(u16::read_le(b).into()),
            ScalarType::U32 => Value::Int(u32::read_le(b).into()),
            ScalarType::U64 => Value::Int(u64::read_le(b).into()),
            ScalarType::F16 => Value::Float(f16_to_f64(u16::read_le(b))),
            ScalarType::F32 => Value::Float(f32::read_le(b).into()),
            ScalarType::F64 => Value::Float(f64::read_le(b)),
            ScalarType::C64 => {
                let [re, im] = <[f32; 2]>::read_le(b);
                Value::Complex(re.into(), im.into())
            }
            ScalarType::C128 => {
                let [re, im] = <[f64; 2]>::read_le(b);
                Value::Complex(re, im)
            }
        }
    }

    /// The value as `f64`: bool as 0/1, complex as its real part.
    pub fn as_f64(self) -> f64 {
        match self {
            Value::Bool(b) => f64::from(u8::from(b)),
            Value::Int(i) => i as f64,
            Value::Float(f) => f,
            Value::Complex(re, _) => re,
        }
    }

    /// The value as an integer, if it is a bool or an integer.
    pub fn as_int(self) -> Option<i128> {
        match self {
            Value::Bool(b) => Some(b.into()),
            Value::Int(i) => Some(i),
            _ => None,
        }
    }

    /// A total order used to sort multisets: by number, NaN last
    /// (`f64::total_cmp` also orders -0 before +0, which the tolerance
    /// comparison afterwards treats as equal).
    pub(crate) fn total_cmp(&self, other: &Value) -> Ordering {
        fn key(v: &Value) -> (f64, f64, i128) {
            match *v {
                Value::Bool(b) => (0.0, 0.0, b.into()),
                Value::Int(i) => (0.0, 0.0, i),
                Value::Float(f) => (canon_nan(f), 0.0, 0),
                Value::Complex(re, im) => (canon_nan(re), canon_nan(im), 0),
            }
        }
        let (a, b) = (key(self), key(other));
        a.0.total_cmp(&b.0)
            .then(a.1.total_cmp(&b.1))
            .then(a.2.cmp(&b.2))
    }

    /// NumPy-like text of the value; `dtype` selects single-precision
    /// printing so that a `float32` 0.1 shows as `0.1`.
    pub fn display(self, dtype: ScalarType) -> String {
        let single = matches!(dtype, ScalarType::F16 | ScalarType::F32 | ScalarType::C64);
        let num = |f: f64| {
            if single {
                format!("{}", f as f32)
            } else {
                format!("{f}")
            }
        };
        match self {
            Value::Bool(b) => if b { "True" } else { "False" }.to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => num(f),
            Value::Complex(re, im) => {
                let sign = if im.is_sign_negative() && !im.is_nan() {
                    "-"
                } else {
                    "+"
                };
                format!("({}{sign}{}j)", num(re), num(im.abs()))
            }
        }
    }
}

/// Maps every NaN to one positive quiet NaN so that all NaNs sort together.
fn canon_nan(f: f64) -> f64 {
    if f.is_nan() {
        f64::NAN.abs()
    } else {
        f
    }
}

/// IEEE 754 half precision to `f64` (exact).
pub(crate) fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = f64::from(bits & 0x3ff);
    let mag = match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (1024.0 + frac) * 2f64.powi(exp - 25),
    };
    sign * mag
}
