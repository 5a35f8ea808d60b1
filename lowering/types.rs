//! Element types of the generated code.

use crate::model::{DType, ScalarType};

/// The type of a value in the generated code: an element type, a pointer or
/// an index. Unsigned integers stay apart because MLIR integers are
/// signless: division, comparison and conversion pick the signed or
/// unsigned op from this.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Scalar(ScalarType),
    Ptr,
    Index,
}

impl Ty {
    pub const I1: Ty = Ty::Scalar(ScalarType::Bool);
    pub const I8: Ty = Ty::Scalar(ScalarType::I8);
    pub const I16: Ty = Ty::Scalar(ScalarType::I16);
    pub const I32: Ty = Ty::Scalar(ScalarType::I32);
    pub const I64: Ty = Ty::Scalar(ScalarType::I64);
    pub const U8: Ty = Ty::Scalar(ScalarType::U8);
    pub const U16: Ty = Ty::Scalar(ScalarType::U16);
    pub const U32: Ty = Ty::Scalar(ScalarType::U32);
    pub const U64: Ty = Ty::Scalar(ScalarType::U64);
    pub const F16: Ty = Ty::Scalar(ScalarType::F16);
    pub const F32: Ty = Ty::Scalar(ScalarType::F32);
    pub const F64: Ty = Ty::Scalar(ScalarType::F64);
    pub const C64: Ty = Ty::Scalar(ScalarType::C64);
    pub const C128: Ty = Ty::Scalar(ScalarType::C128);

    pub fn from_scalar(t: ScalarType) -> Ty {
        Ty::Scalar(t)
    }

    /// The element type of a container; pointers are stored as `!llvm.ptr`.
    pub fn from_dtype(d: &DType) -> Option<Ty> {
        match d {
            DType::Scalar(t) => Some(Ty::Scalar(*t)),
            DType::Pointer(_) => Some(Ty::Ptr),
            DType::Other(_) => None,
        }
    }

    pub fn bytes(self) -> u64 {
        match self {
            Ty::Scalar(t) => t.size() as u64,
            Ty::Ptr | Ty::Index => 8,
        }
    }

    pub fn is_int(self) -> bool {
        match self {
            Ty::Scalar(t) => t.is_integer() || t == ScalarType::Bool,
            Ty::Index => true,
            Ty::Ptr => false,
        }
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, Ty::Scalar(ScalarType::U8 | ScalarType::U16 | ScalarType::U32 | ScalarType::U64 | ScalarType::Bool))
    }

    pub fn is_float(self) -> bool {
        matches!(self, Ty::Scalar(t) if t.is_float())
    }

    pub fn is_complex(self) -> bool {
        matches!(self, Ty::Scalar(t) if t.is_complex())
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
