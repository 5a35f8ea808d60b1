//! Symbolic expressions as DaCe writes them in `.sdfg` files.
//!
//! DaCe (v1.0.2) serialises shapes, strides, memlet subsets and map ranges as
//! SymPy `str()` output (`N - 1`, `2*ceiling(N/2)`, `int_floor(N - 1, 2)`,
//! `Min(N, 32)`), and interstate-edge conditions and assignments as Python
//! (`(t < T)`, `not (n != 1)`, `A_row[i + 1]`). This module parses both into
//! one [`Expr`] tree, simplifies it to a canonical form, prints it back in the
//! same style, evaluates it, and handles [`Subset`] text (`0:N, i`).
//!
//! Design:
//! - `parse`: a recursive-descent parser over the shared tokenizer
//!   (`crate::syntax`, expression mode) with a nesting limit ([`MAX_DEPTH`]), so no input can panic or overflow
//!   the stack. The parse tree is structural: `a - b` is `a + (-1)*b`, `a / b`
//!   is `a * b**(-1)`, `a // b` is `int_floor(a, b)`, `a % b` is `Mod(a, b)`,
//!   and the bitwise operators are calls named as in DaCe (`a & b` is
//!   `bitwise_and(a, b)`, `a << b` is `left_shift(a, b)`, see `bits`), which
//!   print back as the operators.
//! - `simplify`/`logic`: the canonical form is a sum of products with exact
//!   rational coefficients (`num`), like terms collected, equal bases merged
//!   into powers, products of sums expanded up to a size limit, `(a + b)**k`
//!   expanded only for `k <= 4`. Known functions (`Min`, `Max`, `Abs`, `Mod`,
//!   `int_floor`, `int_ceil`, `floor`, `ceiling`) fold on constants; other
//!   calls are opaque. Comparisons fold when both sides differ by a constant.
//!   `/` stays exact (`N/2` has coefficient 1/2); nothing is truncated.
//!   `and`/`or` keep operand order (Python short-circuits) but drop repeats.
//! - `print`: SymPy-like, positive terms first (`N - i`, `N**2 - 4*N + 4`);
//!   sums in a denominator are divided by one at a time (`x/2/(N + 1)`), since
//!   `x/(2*(N + 1))` would read back with the 2 distributed.
//!   For every expression `e`, `parse(&e.simplify().to_string())` simplifies
//!   back to `e.simplify()`, which prints identically.
//! - `eval`: exact rationals internally, wrapping `i64` integer arithmetic,
//!   Python floor semantics for `//` and `%`, see [`Expr::eval`].
//!
//! Symbols are assumed to be real numbers; no rule relies on them being
//! integers or non-negative.

mod bits;
mod builtins;
mod eval;
mod expr;
mod logic;
mod num;
mod parse;
mod print;
mod simplify;
mod subset;
#[cfg(test)]
mod tests;

pub(crate) use bits::is_bit_op;
pub use eval::{EvalError, Value};
pub use expr::{CmpOp, Expr, F64};
pub use parse::{parse, ParseError, MAX_DEPTH};
pub use subset::{Dim, Subset, SubsetParseError};
