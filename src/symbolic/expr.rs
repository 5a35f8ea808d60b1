//! The expression tree and its basic structural operations.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap};
use std::hash::{Hash, Hasher};

/// An `f64` compared, ordered and hashed by its bit pattern, so that [`Expr`]
/// can be `Eq + Hash + Ord` (needed to collect like terms and sort canonically).
#[derive(Clone, Copy, Debug)]
pub struct F64(pub f64);

impl PartialEq for F64 {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}
impl Eq for F64 {}
impl Hash for F64 {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.to_bits().hash(state)
    }
}
impl PartialOrd for F64 {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for F64 {
    // `total_cmp` is equal exactly when the bit patterns are, matching `Eq`.
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// A comparison operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    /// The Python spelling (`<`, `==`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }

    /// The operator of the logical negation (`not (a < b)` is `a >= b`).
    pub fn negate(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Ge,
            CmpOp::Le => CmpOp::Gt,
            CmpOp::Gt => CmpOp::Le,
            CmpOp::Ge => CmpOp::Lt,
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
        }
    }

    /// Whether `lhs op rhs` holds given `lhs.cmp(rhs)`.
    pub fn holds(self, ord: Ordering) -> bool {
        match self {
            CmpOp::Lt => ord == Ordering::Less,
            CmpOp::Le => ord != Ordering::Greater,
            CmpOp::Gt => ord == Ordering::Greater,
            CmpOp::Ge => ord != Ordering::Less,
            CmpOp::Eq => ord == Ordering::Equal,
            CmpOp::Ne => ord != Ordering::Equal,
        }
    }
}

/// A symbolic expression.
///
/// Subtraction is `Add` with a `-1` coefficient, division is `Pow(_, -1)`,
/// `a // b` is `Call("int_floor", [a, b])` and `a % b` is `Call("Mod", [a, b])`.
/// The derived `Ord` (numbers first) is the canonical order of operands.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Expr {
    Int(i64),
    /// `numerator / denominator`; normalised (denominator > 1, coprime) by `simplify`.
    Rational(i64, i64),
    Float(F64),
    Bool(bool),
    Sym(String),
    /// Indirection into a data container: `A_row[i + 1]`, `A[i, j]`.
    Index(String, Vec<Expr>),
    Add(Vec<Expr>),
    Mul(Vec<Expr>),
    Pow(Box<Expr>, Box<Expr>),
    /// Function application: `Min`, `Max`, `Abs`, `Mod`, `int_floor`, `int_ceil`,
    /// `floor`, `ceiling`, or any other (opaque) function such as `sqrt`.
    Call(String, Vec<Expr>),
    Cmp(CmpOp, Box<Expr>, Box<Expr>),
    Not(Box<Expr>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
}

impl Expr {
    pub fn int(v: i64) -> Expr {
        Expr::Int(v)
    }

    pub fn sym(name: &str) -> Expr {
        Expr::Sym(name.to_string())
    }

    /// The exact rational `num / den` (simplified).
    pub fn rational(num: i64, den: i64) -> Expr {
        Expr::Rational(num, den).simplify()
    }

    pub fn float(v: f64) -> Expr {
        Expr::Float(F64(v))
    }

    pub fn boolean(v: bool) -> Expr {
        Expr::Bool(v)
    }

    /// A function call `name(args...)`, not simplified.
    pub fn call(name: &str, args: Vec<Expr>) -> Expr {
        Expr::Call(name.to_string(), args)
    }

    /// Indirection `name[indices...]`, not simplified.
    pub fn index(name: &str, indices: Vec<Expr>) -> Expr {
        Expr::Index(name.to_string(), indices)
    }

    /// `self + other`, simplified.
    pub fn add(&self, other: &Expr) -> Expr {
        Expr::Add(vec![self.clone(), other.clone()]).simplify()
    }

    /// `self - other`, simplified.
    pub fn sub(&self, other: &Expr) -> Expr {
        Expr::Add(vec![
            self.clone(),
            Expr::Mul(vec![Expr::Int(-1), other.clone()]),
        ])
        .simplify()
    }

    /// `self * other`, simplified.
    pub fn mul(&self, other: &Expr) -> Expr {
        Expr::Mul(vec![self.clone(), other.clone()]).simplify()
    }

    /// Exact (rational) division `self / other`, simplified.
    pub fn div(&self, other: &Expr) -> Expr {
        let inv = Expr::Pow(Box::new(other.clone()), Box::new(Expr::Int(-1)));
        Expr::Mul(vec![self.clone(), inv]).simplify()
    }

    /// `-self`, simplified.
    pub fn neg(&self) -> Expr {
        Expr::Mul(vec![Expr::Int(-1), self.clone()]).simplify()
    }

    /// `self ** exp`, simplified.
    pub fn pow(&self, exp: &Expr) -> Expr {
        Expr::Pow(Box::new(self.clone()), Box::new(exp.clone())).simplify()
    }

    /// The value if this is a constant integer after simplification.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Expr::Int(v) => Some(*v),
            _ => match self.simplify() {
                Expr::Int(v) => Some(v),
                _ => None,
            },
        }
    }

    /// How much the value grows when `var` grows by one, if that is a
    /// constant (`3` for `3 * i + N`).
    pub fn unit_step(&self, var: &str) -> Option<i64> {
        let next: HashMap<String, Expr> = [(var.to_string(), Expr::sym(var).add(&Expr::int(1)))].into();
        self.substitute(&next).sub(self).simplify().as_int()
    }

    /// The value of `var` for which `self` equals `value`, when `self` is
    /// `a * var + b` with a constant integer `a` (not zero) and `b` free of
    /// `var`: `(value - b) / a`. How a callee's size `bins + 1` binds
    /// `bins` to the caller's `npt` from an array of `npt + 1` elements.
    pub fn solve_linear(&self, var: &str, value: &Expr) -> Option<Expr> {
        let at = |v: i64| self.substitute(&[(var.to_string(), Expr::int(v))].into());
        let b = at(0);
        let a = at(1).sub(&b).simplify().as_int().filter(|&a| a != 0)?;
        // Linear: the same step from 1 to 2, and nothing of `var` left over.
        let linear = at(2).sub(&b).simplify().as_int() == Some(2 * a) && !b.free_symbols().contains(var);
        linear.then(|| value.sub(&b).div(&Expr::int(a)).simplify())
    }

    /// For a size in exactly one symbol (`N`, `bins + 1`), that symbol and
    /// the value it takes when the size is `value` (see `solve_linear`).
    pub fn bound_symbol(&self, value: &Expr) -> Option<(String, Expr)> {
        let free = self.free_symbols();
        let [s] = free.iter().collect::<Vec<_>>()[..] else { return None };
        self.solve_linear(s, value).map(|v| (s.clone(), v))
    }

    /// Whether `(self - other).simplify()` is zero. Sound (never claims a false
    /// equality) but incomplete, e.g. for identities between opaque functions.
    pub fn is_symbolically_equal(&self, other: &Expr) -> bool {
        self == other || self.sub(other) == Expr::Int(0)
    }

    /// All symbol names, including the containers of indirections
    /// (`A_row[i]` yields `A_row` and `i`). Function names are not symbols.
    pub fn free_symbols(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        self.collect_symbols(&mut out);
        out
    }

    fn collect_symbols(&self, out: &mut BTreeSet<String>) {
        match self {
            Expr::Int(_) | Expr::Rational(..) | Expr::Float(_) | Expr::Bool(_) => {}
            Expr::Sym(s) => {
                out.insert(s.clone());
            }
            Expr::Index(name, args) => {
                out.insert(name.clone());
                args.iter().for_each(|a| a.collect_symbols(out));
            }
            Expr::Add(xs) | Expr::Mul(xs) | Expr::Call(_, xs) | Expr::And(xs) | Expr::Or(xs) => {
                xs.iter().for_each(|a| a.collect_symbols(out));
            }
            Expr::Pow(a, b) | Expr::Cmp(_, a, b) => {
                a.collect_symbols(out);
                b.collect_symbols(out);
            }
            Expr::Not(a) => a.collect_symbols(out),
        }
    }

    /// Whether `pred` holds for this expression or any subexpression.
    pub fn any(&self, pred: &dyn Fn(&Expr) -> bool) -> bool {
        if pred(self) {
            return true;
        }
        match self {
            Expr::Int(_) | Expr::Rational(..) | Expr::Float(_) | Expr::Bool(_) | Expr::Sym(_) => false,
            Expr::Index(_, xs) | Expr::Add(xs) | Expr::Mul(xs) | Expr::Call(_, xs) | Expr::And(xs) | Expr::Or(xs) => {
                xs.iter().any(|x| x.any(pred))
            }
            Expr::Pow(a, b) | Expr::Cmp(_, a, b) => a.any(pred) || b.any(pred),
            Expr::Not(a) => a.any(pred),
        }
    }

    /// Whether this divides by a literal zero somewhere: `x/0` (`x*0**-1`),
    /// `x // 0`, `x % 0`, also once folded (`x // (2 - 2)` simplifies to `x // 0`).
    pub fn divides_by_zero(&self) -> bool {
        let zero = |e: &Expr| match e {
            Expr::Int(0) | Expr::Rational(0, _) => true,
            Expr::Float(f) => f.0 == 0.0,
            _ => false,
        };
        let negative = |e: &Expr| match e {
            Expr::Int(k) => *k < 0,
            Expr::Rational(n, d) => (*n < 0) != (*d < 0),
            Expr::Float(f) => f.0 < 0.0,
            Expr::Mul(fs) => matches!(fs.first(), Some(Expr::Int(k)) if *k < 0),
            _ => false,
        };
        self.any(&|e| match e {
            Expr::Rational(_, 0) => true,
            Expr::Pow(b, x) => zero(b) && negative(x),
            Expr::Call(f, args) if matches!(f.as_str(), "int_floor" | "int_ceil" | "Mod") => {
                args.get(1).is_some_and(zero)
            }
            _ => false,
        })
    }

    /// Replaces symbols by expressions and simplifies the result. A container
    /// name mapped to a plain symbol renames the container of indirections
    /// (`A[i]` with `A -> B` gives `B[i]`); other mappings of container names are ignored.
    pub fn substitute(&self, map: &HashMap<String, Expr>) -> Expr {
        self.replace(map).simplify()
    }

    fn replace(&self, map: &HashMap<String, Expr>) -> Expr {
        let all = |xs: &[Expr]| xs.iter().map(|x| x.replace(map)).collect::<Vec<_>>();
        let bx = |x: &Expr| Box::new(x.replace(map));
        match self {
            Expr::Sym(s) => map.get(s).cloned().unwrap_or_else(|| self.clone()),
            Expr::Int(_) | Expr::Rational(..) | Expr::Float(_) | Expr::Bool(_) => self.clone(),
            Expr::Index(name, args) => {
                let name = match map.get(name) {
                    Some(Expr::Sym(new)) => new.clone(),
                    _ => name.clone(),
                };
                Expr::Index(name, all(args))
            }
            Expr::Add(xs) => Expr::Add(all(xs)),
            Expr::Mul(xs) => Expr::Mul(all(xs)),
            Expr::Call(n, xs) => Expr::Call(n.clone(), all(xs)),
            Expr::And(xs) => Expr::And(all(xs)),
            Expr::Or(xs) => Expr::Or(all(xs)),
            Expr::Pow(a, b) => Expr::Pow(bx(a), bx(b)),
            Expr::Cmp(op, a, b) => Expr::Cmp(*op, bx(a), bx(b)),
            Expr::Not(a) => Expr::Not(bx(a)),
        }
    }
}

impl std::str::FromStr for Expr {
    type Err = super::parse::ParseError;
    fn from_str(s: &str) -> Result<Expr, Self::Err> {
        super::parse::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic::parse;

    fn p(s: &str) -> Expr {
        parse(s).unwrap()
    }

    #[test]
    fn free_symbols_include_containers() {
        let syms: Vec<String> = p("A_row[i + 1] - __tmp2 * Min(N, 32)")
            .free_symbols()
            .into_iter()
            .collect();
        assert_eq!(syms, ["A_row", "N", "__tmp2", "i"]);
        assert!(p("True and 3 < 4").free_symbols().is_empty());
    }

    #[test]
    fn substitute_simplifies() {
        let mut m = HashMap::new();
        m.insert("i".to_string(), p("j - 1"));
        m.insert("A".to_string(), Expr::sym("B"));
        assert_eq!(p("i + 1").substitute(&m), Expr::sym("j"));
        assert_eq!(p("A[i + 1]").substitute(&m).to_string(), "B[j]");
        m.insert("N".to_string(), Expr::int(10));
        assert_eq!(p("Min(N, 32) + N*2").substitute(&m).as_int(), Some(30));
    }

    #[test]
    fn arithmetic_helpers() {
        let n = Expr::sym("N");
        assert_eq!(n.sub(&Expr::int(1)).add(&Expr::int(1)), n);
        assert_eq!(n.mul(&n).to_string(), "N**2");
        assert_eq!(n.div(&Expr::int(2)).to_string(), "N/2");
        assert_eq!(n.neg().to_string(), "-N");
        assert!(p("2*(i + 1)").is_symbolically_equal(&p("2*i + 2")));
        assert!(!p("i").is_symbolically_equal(&p("j")));
        assert_eq!(p("int_floor(7, 2) + 1").as_int(), Some(4));
        assert_eq!(p("N").as_int(), None);
        assert_eq!(Expr::rational(4, 2), Expr::int(2));
    }

    #[test]
    fn division_by_zero_is_found() {
        for bad in ["N // 0", "N / 0", "N % 0", "N // (2 - 2)", "1 + Min(N, 4 / (N - N))", "int_ceil(N, 0)", "N / 0.0"] {
            assert!(p(bad).simplify().divides_by_zero(), "{bad}");
        }
        for good in ["N // 2", "N / M", "N % (N - 1)", "0 ** 2", "N ** -1"] {
            assert!(!p(good).simplify().divides_by_zero(), "{good}");
        }
    }
}
