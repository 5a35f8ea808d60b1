//! The one scalar-type enum: element types of the model, of `.npz` data
//! and (through `lowering::Ty`) of the generated code.

use std::fmt;

/// The element types of SDFG data and NumPy arrays: DaCe's basic
/// typeclasses, NumPy's dtypes of the same names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarType {
    Bool,
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
    /// Two little-endian `f32` (real, imaginary).
    C64,
    /// Two little-endian `f64` (real, imaginary).
    C128,
}

/// Every dtype, for name/descr lookups.
const ALL: [ScalarType; 14] = [
    ScalarType::Bool,
    ScalarType::I8,
    ScalarType::I16,
    ScalarType::I32,
    ScalarType::I64,
    ScalarType::U8,
    ScalarType::U16,
    ScalarType::U32,
    ScalarType::U64,
    ScalarType::F16,
    ScalarType::F32,
    ScalarType::F64,
    ScalarType::C64,
    ScalarType::C128,
];

impl ScalarType {
    /// The name DaCe and NumPy give the type (`"float64"`, `"bool"`, ...).
    pub fn name(self) -> &'static str {
        match self {
            ScalarType::Bool => "bool",
            ScalarType::I8 => "int8",
            ScalarType::I16 => "int16",
            ScalarType::I32 => "int32",
            ScalarType::I64 => "int64",
            ScalarType::U8 => "uint8",
            ScalarType::U16 => "uint16",
            ScalarType::U32 => "uint32",
            ScalarType::U64 => "uint64",
            ScalarType::F16 => "float16",
            ScalarType::F32 => "float32",
            ScalarType::F64 => "float64",
            ScalarType::C64 => "complex64",
            ScalarType::C128 => "complex128",
        }
    }

    /// Every type name, for messages.
    pub const NAMES: [&'static str; 14] = [
        "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32",
        "float64", "complex64", "complex128",
    ];

    /// Inverse of [`ScalarType::name`].
    pub fn from_name(name: &str) -> Option<ScalarType> {
        ALL.into_iter().find(|d| d.name() == name)
    }

    /// The `.npy` `descr` string NumPy writes for this type (`"<f8"`, `"|b1"`).
    pub fn descr(self) -> &'static str {
        match self {
            ScalarType::Bool => "|b1",
            ScalarType::I8 => "|i1",
            ScalarType::I16 => "<i2",
            ScalarType::I32 => "<i4",
            ScalarType::I64 => "<i8",
            ScalarType::U8 => "|u1",
            ScalarType::U16 => "<u2",
            ScalarType::U32 => "<u4",
            ScalarType::U64 => "<u8",
            ScalarType::F16 => "<f2",
            ScalarType::F32 => "<f4",
            ScalarType::F64 => "<f8",
            ScalarType::C64 => "<c8",
            ScalarType::C128 => "<c16",
        }
    }

    /// Parses a `descr` string. Little-endian (`<`), not-applicable (`|`) and,
    /// for one-byte types, any byte order are accepted; big-endian is rejected
    /// because all data is kept little-endian.
    pub fn from_descr(descr: &str) -> Result<ScalarType, String> {
        let unsupported = || format!("unsupported dtype '{descr}'");
        let (order, code) = match descr.chars().next() {
            Some(c @ ('<' | '>' | '|' | '=')) => (c, &descr[1..]),
            _ => ('|', descr),
        };
        let dtype = match code {
            "?" => ScalarType::Bool,
            _ => ALL
                .into_iter()
                .find(|d| &d.descr()[1..] == code)
                .ok_or_else(unsupported)?,
        };
        // '=' is native order, which NumPy never writes to files; treat it
        // like '>' unless the byte order cannot matter.
        if dtype.size() > 1 && matches!(order, '>' | '=') {
            return Err(format!(
                "{} (only little-endian data is supported)",
                unsupported()
            ));
        }
        Ok(dtype)
    }

    /// Size of one element in bytes.
    pub fn size(self) -> usize {
        match self {
            ScalarType::Bool | ScalarType::I8 | ScalarType::U8 => 1,
            ScalarType::I16 | ScalarType::U16 | ScalarType::F16 => 2,
            ScalarType::I32 | ScalarType::U32 | ScalarType::F32 => 4,
            ScalarType::I64 | ScalarType::U64 | ScalarType::F64 | ScalarType::C64 => 8,
            ScalarType::C128 => 16,
        }
    }

    /// Signed or unsigned integer (not bool).
    pub fn is_integer(self) -> bool {
        matches!(
            self,
            ScalarType::I8
                | ScalarType::I16
                | ScalarType::I32
                | ScalarType::I64
                | ScalarType::U8
                | ScalarType::U16
                | ScalarType::U32
                | ScalarType::U64
        )
    }

    /// Real floating point.
    pub fn is_float(self) -> bool {
        matches!(self, ScalarType::F16 | ScalarType::F32 | ScalarType::F64)
    }

    /// Complex floating point.
    pub fn is_complex(self) -> bool {
        matches!(self, ScalarType::C64 | ScalarType::C128)
    }
}

impl fmt::Display for ScalarType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
