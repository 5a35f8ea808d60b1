//! Element types of the generated code.

use crate::model::{DType, ScalarType};

/// The type of a value in the generated code. Unsigned integers are kept
/// apart because MLIR integers are signless: division, comparison and
/// conversion pick the signed or unsigned op from this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    F32,
    F64,
    C64,
    C128,
    Ptr,
    Index,
}

impl Ty {
    pub fn from_scalar(t: ScalarType) -> Ty {
        match t {
            ScalarType::Bool => Ty::I1,
            ScalarType::I8 => Ty::I8,
            ScalarType::I16 => Ty::I16,
            ScalarType::I32 => Ty::I32,
            ScalarType::I64 => Ty::I64,
            ScalarType::U8 => Ty::U8,
            ScalarType::U16 => Ty::U16,
            ScalarType::U32 => Ty::U32,
            ScalarType::U64 => Ty::U64,
            ScalarType::F16 => Ty::F16,
            ScalarType::F32 => Ty::F32,
            ScalarType::F64 => Ty::F64,
            ScalarType::C64 => Ty::C64,
            ScalarType::C128 => Ty::C128,
        }
    }

    /// The element type of a container; pointers are stored as `!llvm.ptr`.
    pub fn from_dtype(d: &DType) -> Option<Ty> {
        match d {
            DType::Scalar(t) => Some(Ty::from_scalar(*t)),
            DType::Pointer(_) => Some(Ty::Ptr),
            DType::Other(_) => None,
        }
    }

    /// The MLIR spelling.
    pub fn mlir(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 | Ty::U8 => "i8",
            Ty::I16 | Ty::U16 => "i16",
            Ty::I32 | Ty::U32 => "i32",
            Ty::I64 | Ty::U64 => "i64",
            Ty::F16 => "f16",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
            Ty::C64 => "complex<f32>",
            Ty::C128 => "complex<f64>",
            Ty::Ptr => "!llvm.ptr",
            Ty::Index => "index",
        }
    }

    /// The type as stored in memory (complex values as two floats).
    pub fn memory(self) -> &'static str {
        match self {
            Ty::C64 => "!llvm.struct<(f32, f32)>",
            Ty::C128 => "!llvm.struct<(f64, f64)>",
            other => other.mlir(),
        }
    }

    pub fn bytes(self) -> u64 {
        match self {
            Ty::I1 | Ty::I8 | Ty::U8 => 1,
            Ty::I16 | Ty::U16 | Ty::F16 => 2,
            Ty::I32 | Ty::U32 | Ty::F32 => 4,
            Ty::I64 | Ty::U64 | Ty::F64 | Ty::C64 | Ty::Ptr | Ty::Index => 8,
            Ty::C128 => 16,
        }
    }

    pub fn is_int(self) -> bool {
        matches!(
            self,
            Ty::I1 | Ty::I8 | Ty::I16 | Ty::I32 | Ty::I64 | Ty::U8 | Ty::U16 | Ty::U32 | Ty::U64 | Ty::Index
        )
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, Ty::U8 | Ty::U16 | Ty::U32 | Ty::U64 | Ty::I1)
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::F32 | Ty::F64)
    }

    pub fn is_complex(self) -> bool {
        matches!(self, Ty::C64 | Ty::C128)
    }

    pub fn bits(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::Index => 64,
            other => other.bytes() as u32 * 8,
        }
    }

    /// The float type of a complex type's parts.
    pub fn complex_part(self) -> Ty {
        if self == Ty::C64 {
            Ty::F32
        } else {
            Ty::F64
        }
    }

    /// The type two operands are brought to before an arithmetic op, by C's
    /// usual conversions (floats win, then the wider integer).
    pub fn promote(a: Ty, b: Ty) -> Ty {
        if a.is_complex() || b.is_complex() {
            return if a == Ty::C128 || b == Ty::C128 || a == Ty::F64 || b == Ty::F64 { Ty::C128 } else { Ty::C64 };
        }
        if a.is_float() || b.is_float() {
            let rank = |t: Ty| if t.is_float() { t.bits() } else { 0 };
            return if rank(a) >= rank(b) { if a.is_float() { a } else { b } } else { b };
        }
        let (wa, wb) = (a.bits().max(32), b.bits().max(32));
        match wa.cmp(&wb) {
            std::cmp::Ordering::Greater => int_of(wa, a.is_unsigned() && a != Ty::I1),
            std::cmp::Ordering::Less => int_of(wb, b.is_unsigned() && b != Ty::I1),
            std::cmp::Ordering::Equal => int_of(wa, (a.is_unsigned() && a != Ty::I1) || (b.is_unsigned() && b != Ty::I1)),
        }
    }
}

/// The integer type of a width.
pub fn int_of(bits: u32, unsigned: bool) -> Ty {
    match (bits, unsigned) {
        (8, false) => Ty::I8,
        (16, false) => Ty::I16,
        (32, false) => Ty::I32,
        (8, true) => Ty::U8,
        (16, true) => Ty::U16,
        (32, true) => Ty::U32,
        (_, true) => Ty::U64,
        _ => Ty::I64,
    }
}
