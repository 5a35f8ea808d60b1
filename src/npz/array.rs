//! The dense array container ([`Array`]) of `.npy` data.


use super::values::Value;
use crate::scalar::ScalarType;
use super::NpzError;

/// Number of elements of `shape`, or `None` if the product overflows.
pub(crate) fn element_count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))
}

/// Byte size of an array of `dtype` and `shape`, or `None` on overflow.
pub(crate) fn byte_size(dtype: ScalarType, shape: &[usize]) -> Option<usize> {
    element_count(shape)?.checked_mul(dtype.size())
}

/// A dense array: little-endian element bytes in C (row-major) order.
/// A 0-d array (`shape == []`) holds one element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Array {
    pub dtype: ScalarType,
    pub shape: Vec<usize>,
    pub data: Vec<u8>,
}

impl Array {
    /// Checks that `data` has exactly the byte size of `shape`.
    pub fn new(
        dtype: ScalarType,
        shape: impl Into<Vec<usize>>,
        data: Vec<u8>,
    ) -> Result<Array, NpzError> {
        let shape = shape.into();
        match byte_size(dtype, &shape) {
            Some(n) if n == data.len() => Ok(Array { dtype, shape, data }),
            Some(n) => Err(NpzError::Array(format!(
                "{dtype} {shape:?} needs {n} bytes, got {}",
                data.len()
            ))),
            None => Err(NpzError::Array(format!(
                "size of {dtype} {shape:?} overflows"
            ))),
        }
    }

    /// A zero-filled array; errors if the byte size overflows `usize`.
    pub fn try_zeros(dtype: ScalarType, shape: impl Into<Vec<usize>>) -> Result<Array, NpzError> {
        let shape = shape.into();
        let n = byte_size(dtype, &shape)
            .ok_or_else(|| NpzError::Array(format!("size of {dtype} {shape:?} overflows")))?;
        Ok(Array {
            dtype,
            shape,
            data: vec![0; n],
        })
    }

    /// A zero-filled array. Panics only if the byte size overflows `usize`
    /// (like `vec![0; n]`); use [`Array::try_zeros`] for untrusted shapes.
    pub fn zeros(dtype: ScalarType, shape: impl Into<Vec<usize>>) -> Array {
        match Array::try_zeros(dtype, shape) {
            Ok(a) => a,
            Err(e) => panic!("Array::zeros: {e}"),
        }
    }

    /// An array of `shape` from native values; `T` fixes the dtype.
    pub fn from_slice<T: Element>(
        shape: impl Into<Vec<usize>>,
        values: &[T],
    ) -> Result<Array, NpzError> {
        let mut data = Vec::with_capacity(values.len() * T::DTYPE.size());
        for v in values {
            v.write_le(&mut data);
        }
        Array::new(T::DTYPE, shape, data)
    }

    /// A 0-d array holding `value`.
    pub fn scalar<T: Element>(value: T) -> Array {
        let mut data = Vec::with_capacity(T::DTYPE.size());
        value.write_le(&mut data);
        Array {
            dtype: T::DTYPE,
            shape: Vec::new(),
            data,
        }
    }

    /// The elements as native values, or `None` if `T` is not this dtype.
    pub fn to_vec<T: Element>(&self) -> Option<Vec<T>> {
        if T::DTYPE != self.dtype {
            return None;
        }
        Some(
            self.data
                .chunks_exact(T::DTYPE.size())
                .map(T::read_le)
                .collect(),
        )
    }

    /// Number of elements (1 for a 0-d array).
    pub fn len(&self) -> usize {
        element_count(&self.shape).unwrap_or(0)
    }

    /// True if the array has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Size of one element in bytes.
    pub fn element_size(&self) -> usize {
        self.dtype.size()
    }

    /// Number of dimensions.
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// The bytes of element `i` (flat C-order index).
    pub fn element_bytes(&self, i: usize) -> Option<&[u8]> {
        let size = self.element_size();
        let start = i.checked_mul(size)?;
        self.data.get(start..start.checked_add(size)?)
    }

    /// Element `i` (flat C-order index) as a [`Value`].
    pub fn get(&self, i: usize) -> Option<Value> {
        Some(Value::decode(self.dtype, self.element_bytes(i)?))
    }

    /// Element `i` as `f64` (bool as 0/1, complex as its real part).
    pub fn get_f64(&self, i: usize) -> Option<f64> {
        self.get(i).map(|v| v.as_f64())
    }

    /// The multi-index of flat index `i`, e.g. `[1, 2]`.
    pub fn unravel(&self, mut i: usize) -> Vec<usize> {
        let mut idx = vec![0; self.shape.len()];
        for (k, &d) in self.shape.iter().enumerate().rev() {
            if d > 0 {
                idx[k] = i % d;
                i /= d;
            }
        }
        idx
    }

    /// The flat index of a multi-index, or `None` if out of bounds.
    pub fn ravel(&self, idx: &[usize]) -> Option<usize> {
        if idx.len() != self.shape.len() {
            return None;
        }
        idx.iter()
            .zip(&self.shape)
            .try_fold(0usize, |flat, (&i, &d)| (i < d).then(|| flat * d + i))
    }
}

/// Native Rust types that map to one [`ScalarType`] (complex as `[re, im]`).
pub trait Element: Copy {
    const DTYPE: ScalarType;
    /// Appends the little-endian bytes of `self`.
    fn write_le(self, out: &mut Vec<u8>);
    /// Reads from exactly `DTYPE.size()` bytes (shorter input panics; the
    /// callers in this module always pass whole elements).
    fn read_le(bytes: &[u8]) -> Self;
}

macro_rules! element {
    ($t:ty, $d:expr) => {
        impl Element for $t {
            const DTYPE: ScalarType = $d;
            fn write_le(self, out: &mut Vec<u8>) {
                out.extend_from_slice(&self.to_le_bytes());
            }
            fn read_le(bytes: &[u8]) -> Self {
                let mut b = [0u8; std::mem::size_of::<$t>()];
                b.copy_from_slice(bytes);
                <$t>::from_le_bytes(b)
            }
        }
    };
}

element!(i8, ScalarType::I8);
element!(i16, ScalarType::I16);
element!(i32, ScalarType::I32);
element!(i64, ScalarType::I64);
element!(u8, ScalarType::U8);
element!(u16, ScalarType::U16);
element!(u32, ScalarType::U32);
element!(u64, ScalarType::U64);
element!(f32, ScalarType::F32);
element!(f64, ScalarType::F64);

impl Element for bool {
    const DTYPE: ScalarType = ScalarType::Bool;
    fn write_le(self, out: &mut Vec<u8>) {
        out.push(self as u8);
    }
    fn read_le(bytes: &[u8]) -> Self {
        bytes[0] != 0
    }
}

impl Element for [f32; 2] {
    const DTYPE: ScalarType = ScalarType::C64;
    fn write_le(self, out: &mut Vec<u8>) {
        self[0].write_le(out);
        self[1].write_le(out);
    }
    fn read_le(bytes: &[u8]) -> Self {
        [f32::read_le(&bytes[..4]), f32::read_le(&bytes[4..8])]
    }
}

impl Element for [f64; 2] {
    const DTYPE: ScalarType = ScalarType::C128;
    fn write_le(self, out: &mut Vec<u8>) {
        self[0].write_le(out);
        self[1].write_le(out);
    }
    fn read_le(bytes: &[u8]) -> Self {
        [f64::read_le(&bytes[..8]), f64::read_le(&bytes[8..16])]
    }
}
