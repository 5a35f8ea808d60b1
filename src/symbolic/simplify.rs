//! Canonicalisation of arithmetic: sums of products with rational coefficients.
//!
//! Invariants of a simplified `Add`: at least two terms, no nested `Add`, at
//! most one numeric term, like terms collected, sorted by `Ord`. Of a `Mul`:
//! at least two factors, at most one numeric factor (the coefficient, first,
//! never 1 or 0), distinct bases, sorted; no `Add` factors unless expanding
//! them would exceed [`EXPAND_LIMIT`] terms. Numbers are folded with
//! overflow checks; a fold that overflows is simply left undone.

use super::expr::Expr;
use super::logic;
use super::num::Num;
use std::collections::HashMap;

/// Largest number of terms a product of sums is expanded into.
const EXPAND_LIMIT: usize = 64;
/// Largest integer power of a sum that is expanded.
const MAX_EXPAND_POW: i64 = 4;

impl Expr {
    /// The canonical form; see the module documentation of `symbolic`.
    pub fn simplify(&self) -> Expr {
        simplify(self)
    }
}

fn simplify(e: &Expr) -> Expr {
    let all = |xs: &[Expr]| xs.iter().map(simplify).collect::<Vec<_>>();
    match e {
        Expr::Int(_) | Expr::Float(_) | Expr::Bool(_) | Expr::Sym(_) => e.clone(),
        Expr::Rational(n, d) => {
            Num::rat(*n as i128, *d as i128).map_or_else(|| e.clone(), Num::to_expr)
        }
        Expr::Index(name, idx) => Expr::Index(name.clone(), all(idx)),
        Expr::Add(ts) => add_terms(all(ts)),
        Expr::Mul(fs) => mul_factors(all(fs)),
        Expr::Pow(b, x) => pow(simplify(b), simplify(x)),
        Expr::Call(name, args) => logic::call(name, all(args)),
        Expr::Cmp(op, a, b) => logic::cmp(*op, simplify(a), simplify(b)),
        Expr::Not(x) => logic::not(simplify(x)),
        Expr::And(xs) => logic::junction(true, all(xs)),
        Expr::Or(xs) => logic::junction(false, all(xs)),
    }
}

/// `(coefficient, rest)` of a simplified term.
fn split_coeff(t: Expr) -> (Num, Expr) {
    if let Expr::Mul(fs) = &t {
        if let Some(c) = fs.first().and_then(Num::from_expr) {
            let mut rest = fs[1..].to_vec();
            let key = if rest.len() == 1 {
                rest.pop().unwrap_or(Expr::Int(1))
            } else {
                Expr::Mul(rest)
            };
            return (c, key);
        }
    }
    (Num::int(1), t)
}

fn with_coeff(c: Num, key: Expr) -> Expr {
    if c.is_one() {
        return key;
    }
    match key {
        Expr::Mul(mut fs) => {
            fs.insert(0, c.to_expr());
            Expr::Mul(fs)
        }
        k => Expr::Mul(vec![c.to_expr(), k]),
    }
}

/// Sum of already simplified terms.
pub(crate) fn add_terms(terms: Vec<Expr>) -> Expr {
    let mut constant = Num::int(0);
    let mut out = Vec::new();
    let mut collected: Vec<(Expr, Num)> = Vec::new();
    let mut index: HashMap<Expr, usize> = HashMap::new();
    let flat = terms.into_iter().flat_map(|t| match t {
        Expr::Add(ts) => ts,
        t => vec![t],
    });
    for t in flat {
        if let Some(n) = Num::from_expr(&t) {
            match constant.add(n) {
                Some(s) => constant = s,
                None => out.push(t),
            }
            continue;
        }
        let (c, key) = split_coeff(t);
        match index.get(&key) {
            Some(&i) => match collected[i].1.add(c) {
                Some(s) => collected[i].1 = s,
                None => out.push(with_coeff(c, key)),
            },
            None => {
                index.insert(key.clone(), collected.len());
                collected.push((key, c));
            }
        }
    }
    out.extend(
        collected
            .into_iter()
            .filter(|(_, c)| !c.is_zero())
            .map(|(k, c)| with_coeff(c, k)),
    );
    // A float zero survives only alone, so `-1.0 + 1` stays a float.
    if !constant.is_zero() || (out.is_empty() && matches!(constant, Num::Float(_))) {
        out.push(constant.to_expr());
    }
    out.sort();
    match out.len() {
        0 => Expr::Int(0),
        1 => out.pop().unwrap_or(Expr::Int(0)),
        _ => Expr::Add(out),
    }
}

/// Product of already simplified factors.
pub(crate) fn mul_factors(factors: Vec<Expr>) -> Expr {
    let mut coeff = Num::int(1);
    let mut others = Vec::new();
    let mut powers: Vec<(Expr, Vec<Expr>)> = Vec::new();
    let mut index: HashMap<Expr, usize> = HashMap::new();
    let flat = factors.into_iter().flat_map(|f| match f {
        Expr::Mul(fs) => fs,
        f => vec![f],
    });
    for f in flat {
        if let Some(n) = Num::from_expr(&f) {
            match coeff.mul(n) {
                Some(p) => coeff = p,
                None => others.push(f),
            }
            continue;
        }
        let (base, exp) = match f {
            Expr::Pow(b, x) => (*b, *x),
            f => (f, Expr::Int(1)),
        };
        match index.get(&base) {
            Some(&i) => powers[i].1.push(exp),
            None => {
                index.insert(base.clone(), powers.len());
                powers.push((base, vec![exp]));
            }
        }
    }
    if coeff.is_zero() {
        return coeff.to_expr();
    }
    for (base, mut exps) in powers {
        let exp = if exps.len() == 1 {
            exps.pop().unwrap_or(Expr::Int(1))
        } else {
            add_terms(exps)
        };
        let p = pow(base, exp);
        match Num::from_expr(&p).and_then(|n| coeff.mul(n)) {
            Some(c) => coeff = c,
            None => others.push(p),
        }
    }
    build_product(coeff, others)
}

fn build_product(coeff: Num, mut others: Vec<Expr>) -> Expr {
    if coeff.is_zero() {
        return coeff.to_expr();
    }
    let mut expanded = 1usize;
    let mut has_sum = false;
    for f in &others {
        if let Expr::Add(ts) = f {
            has_sum = true;
            expanded = expanded.saturating_mul(ts.len());
        }
    }
    if has_sum && expanded <= EXPAND_LIMIT {
        return distribute(coeff, others);
    }
    others.sort();
    if others.is_empty() {
        return coeff.to_expr();
    }
    if coeff.is_one() && others.len() == 1 {
        return others.pop().unwrap_or(Expr::Int(1));
    }
    if !coeff.is_one() {
        others.insert(0, coeff.to_expr());
    }
    Expr::Mul(others)
}

/// Multiplies out the sums among `factors` (the caller bounds the term count).
fn distribute(coeff: Num, factors: Vec<Expr>) -> Expr {
    let mut products: Vec<Vec<Expr>> = vec![vec![coeff.to_expr()]];
    for f in factors {
        match f {
            Expr::Add(ts) => {
                products = products
                    .iter()
                    .flat_map(|p| {
                        ts.iter().map(move |t| {
                            let mut q = p.clone();
                            q.push(t.clone());
                            q
                        })
                    })
                    .collect();
            }
            f => products.iter_mut().for_each(|p| p.push(f.clone())),
        }
    }
    add_terms(products.into_iter().map(mul_factors).collect())
}

/// Whether a sum of `terms` terms raised to `k` expands within the limit.
fn small_power(terms: usize, k: i64) -> bool {
    u32::try_from(k)
        .ok()
        .and_then(|k| terms.checked_pow(k))
        .is_some_and(|n| n <= EXPAND_LIMIT)
}

/// `base ** exp` of already simplified operands.
pub(crate) fn pow(base: Expr, exp: Expr) -> Expr {
    match (&base, &exp) {
        (_, Expr::Int(0)) | (Expr::Int(1), _) => return Expr::Int(1),
        (_, Expr::Int(1)) => return base,
        _ => {}
    }
    if let (Some(b), Some(x)) = (Num::from_expr(&base), Num::from_expr(&exp)) {
        let folded = match x {
            Num::Rat(k, 1) => b.pow_int(k),
            // A fractional power of a rational stays symbolic (`2**(1/2)`).
            Num::Rat(..) if !matches!(b, Num::Float(_)) => None,
            _ => Some(Num::Float(b.to_f64().powf(x.to_f64()))).filter(|r| r.to_f64().is_finite()),
        };
        if let Some(r) = folded {
            return r.to_expr();
        }
    }
    if let Expr::Int(k) = exp {
        match base {
            // Valid for integer k: (b**e)**k == b**(e*k), (x*y)**k == x**k * y**k.
            Expr::Pow(b, e) => return pow(*b, mul_factors(vec![*e, Expr::Int(k)])),
            Expr::Mul(fs) => {
                return mul_factors(fs.into_iter().map(|f| pow(f, Expr::Int(k))).collect())
            }
            Expr::Add(ts) if (2..=MAX_EXPAND_POW).contains(&k) && small_power(ts.len(), k) => {
                return distribute(Num::int(1), vec![Expr::Add(ts); k as usize]);
            }
            b => return Expr::Pow(Box::new(b), Box::new(exp)),
        }
    }
    Expr::Pow(Box::new(base), Box::new(exp))
}

#[cfg(test)]
mod tests {
    use crate::symbolic::{parse, Expr};

    fn s(text: &str) -> String {
        parse(text).unwrap().simplify().to_string()
    }

    #[test]
    fn folding_and_collection() {
        let cases = [
            ("N - 1 + 1", "N"),
            ("2*i + 1 - 1", "2*i"),
            ("i + i", "2*i"),
            ("i*i*i", "i**3"),
            ("i*i/i", "i"),
            ("(N - 2)**2", "N**2 - 4*N + 4"),
            ("2*(i + 1) - 2", "2*i"),
            ("(a + b)*(a - b)", "a**2 - b**2"),
            ("(a + b)**5", "(a + b)**5"),
            ("(a + b)**N", "(a + b)**N"),
            ("(a + b)**(1/2)", "(a + b)**(1/2)"),
            ("(2*x)**2", "4*x**2"),
            ("(x**2)**3", "x**6"),
            ("(N + 1)/2", "N/2 + 1/2"),
            ("6/4", "3/2"),
            ("2**-2", "1/4"),
            ("2**10", "1024"),
            ("2**(1/2)", "2**(1/2)"),
            ("4.0**0.5", "2.0"),
            ("0*x", "0"),
            ("x**0", "1"),
            ("1.5 + 1", "2.5"),
            ("-1.0 + 1", "0.0"),
            ("x + 0.0", "x"),
            ("9223372036854775807 + 1", "1 + 9223372036854775807"),
            ("(N + 1)/(N + 1)", "1"),
            ("A_row[i + 1 - 1]", "A_row[i]"),
        ];
        for (input, want) in cases {
            assert_eq!(s(input), want, "input {input:?}");
        }
    }

    #[test]
    fn stays_stable() {
        for text in [
            "(N - 2)**2",
            "(a + b)**5",
            "2*ceiling(N/2)",
            "x/(y + 1)**2 - 1/x",
        ] {
            let once = parse(text).unwrap().simplify();
            assert_eq!(once.simplify(), once, "{text}");
        }
    }

    #[test]
    fn no_blowup() {
        // Ten sums of ten terms: expanding would give 10^10 terms.
        let factor = "(a + b + c + d + e + f + g + h + i + j)";
        let text = [factor; 10].join("*");
        let e = parse(&text).unwrap().simplify();
        assert_eq!(e, parse(&format!("{factor}**10")).unwrap().simplify());
        assert_eq!(
            Expr::sym("x").pow(&Expr::int(i64::MAX)).to_string(),
            "x**9223372036854775807"
        );
    }
}
