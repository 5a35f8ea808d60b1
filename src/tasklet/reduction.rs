//! The kinds of write-conflict resolution, DaCe's `dace.dtypes.ReductionType`
//! (1.0.2) with its spellings, which the dialect's `WcrKind` repeats.

use std::fmt;
use std::str::FromStr;

/// What a write-conflict resolution lambda computes. `Custom` is any other
/// lambda; `Min_Location` and `Max_Location` exist for DaCe's library nodes
/// and no lambda has them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Reduction {
    #[default]
    Custom,
    Min,
    Max,
    Sum,
    Product,
    LogicalAnd,
    BitwiseAnd,
    LogicalOr,
    BitwiseOr,
    LogicalXor,
    BitwiseXor,
    MinLocation,
    MaxLocation,
    Exchange,
    Sub,
    Div,
}

/// A name that is not a member of `dace.dtypes.ReductionType`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown write-conflict resolution kind `{0}` (not a member of dace.dtypes.ReductionType)")]
pub struct UnknownReduction(pub String);

impl Reduction {
    /// Every member, in DaCe's order.
    pub const ALL: &'static [Reduction] = &[
        Reduction::Custom,
        Reduction::Min,
        Reduction::Max,
        Reduction::Sum,
        Reduction::Product,
        Reduction::LogicalAnd,
        Reduction::BitwiseAnd,
        Reduction::LogicalOr,
        Reduction::BitwiseOr,
        Reduction::LogicalXor,
        Reduction::BitwiseXor,
        Reduction::MinLocation,
        Reduction::MaxLocation,
        Reduction::Exchange,
        Reduction::Sub,
        Reduction::Div,
    ];

    /// DaCe's spelling, as the dialect writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Reduction::Custom => "Custom",
            Reduction::Min => "Min",
            Reduction::Max => "Max",
            Reduction::Sum => "Sum",
            Reduction::Product => "Product",
            Reduction::LogicalAnd => "Logical_And",
            Reduction::BitwiseAnd => "Bitwise_And",
            Reduction::LogicalOr => "Logical_Or",
            Reduction::BitwiseOr => "Bitwise_Or",
            Reduction::LogicalXor => "Logical_Xor",
            Reduction::BitwiseXor => "Bitwise_Xor",
            Reduction::MinLocation => "Min_Location",
            Reduction::MaxLocation => "Max_Location",
            Reduction::Exchange => "Exchange",
            Reduction::Sub => "Sub",
            Reduction::Div => "Div",
        }
    }

    /// The identity of a sum (`0`) or a product (`1`), as Python literal
    /// text (what transformations initialise accumulators with).
    pub fn identity(self) -> Option<&'static str> {
        match self {
            Reduction::Sum => Some("0"),
            Reduction::Product => Some("1"),
            _ => None,
        }
    }
}

impl FromStr for Reduction {
    type Err = UnknownReduction;

    fn from_str(s: &str) -> Result<Reduction, UnknownReduction> {
        Reduction::ALL.iter().copied().find(|r| r.as_str() == s).ok_or_else(|| UnknownReduction(s.to_string()))
    }
}

impl fmt::Display for Reduction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::Reduction;

    #[test]
    fn names_round_trip() {
        for r in Reduction::ALL {
            assert_eq!(r.as_str().parse::<Reduction>(), Ok(*r));
        }
        assert!("sum".parse::<Reduction>().is_err());
    }
}
