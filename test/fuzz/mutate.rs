//! Structural mutations of `.sdfg` JSON documents, driven by a seeded
//! generator so that every case can be reproduced from its seed.

use serde_json::Value;

/// xorshift64*: small, seeded, the same sequence on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Strings that stress the expression, subset and code parsers and the
/// run-time checks: zero steps and divisors, huge sizes, indices that leave
/// their array, syntax errors.
const EDGE_STRINGS: &[&str] = &[
    "0", "-1", "N // 0", "1 % 0", "N / 0", "2**64", "N*10**12", "i + 10", "__i0 + 10", "__i0 + N", "a = = b", "(", "",
    "1e30", "N:0:-1", "0:N:0", "0:0", "-5", "9223372036854775807", "x[", "float17", "Sequential", "CPU_Multicore",
    "lambda a, b: a + b", "nan", "N - N", "Min(N, 0)", "int_floor(N, 0)", "__out = __in1 / 0", "N**N**N",
];

fn edge_value(rng: &mut Rng) -> Value {
    match rng.below(9) {
        0 => Value::Null,
        1 => Value::Bool(true),
        2 => Value::from(0),
        3 => Value::from(-1),
        4 => Value::from(1e30),
        5 => Value::from(u64::MAX),
        6 => Value::Array(Vec::new()),
        7 => Value::Object(Default::default()),
        _ => Value::from(""),
    }
}

/// A place in the document: object keys and array indices from the root.
#[derive(Clone)]
enum Step {
    Key(String),
    Index(usize),
}

fn places(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(Step::Key(k.clone()));
                places(x, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                at.push(Step::Index(i));
                places(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn get_mut<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k.as_str()),
        Step::Index(i) => v.get_mut(*i),
    })
}

fn describe(path: &[Step]) -> String {
    path.iter()
        .map(|s| match s {
            Step::Key(k) => format!(".{k}"),
            Step::Index(i) => format!("[{i}]"),
        })
        .collect()
}

/// Applies one mutation (half of the time) to three; returns what was done.
/// One keeps most files importable, so that the later stages run too.
pub fn mutate(doc: &mut Value, rng: &mut Rng) -> String {
    let count = if rng.below(2) == 0 { 1 } else { 2 + rng.below(2) };
    (0..count).map(|_| mutate_once(doc, rng)).collect::<Vec<_>>().join("; ")
}

fn mutate_once(doc: &mut Value, rng: &mut Rng) -> String {
    let mut all = Vec::new();
    places(doc, &mut Vec::new(), &mut all);
    // Strings are where DaCe keeps expressions, subsets and code: favour them.
    let strings: Vec<&Vec<Step>> = all
        .iter()
        .filter(|p| matches!(get_ref(doc, p), Some(Value::String(_))))
        .collect();
    if rng.below(2) == 0 && !strings.is_empty() {
        let path = (*rng.pick(&strings)).clone();
        let new = *rng.pick(EDGE_STRINGS);
        if let Some(v) = get_mut(doc, &path) {
            *v = Value::from(new);
        }
        return format!("{} = {new:?}", describe(&path));
    }
    let path = rng.pick(&all[1..]).clone();
    let (parent_path, last) = path.split_at(path.len() - 1);
    let Some(parent) = get_mut(doc, parent_path) else { return "nothing".into() };
    let at = describe(&path);
    match (rng.below(3), parent, &last[0]) {
        (0, Value::Object(m), Step::Key(k)) => {
            m.shift_remove(k);
            format!("delete {at}")
        }
        (0, Value::Array(a), Step::Index(i)) => {
            a.remove(*i);
            format!("delete {at}")
        }
        (1, Value::Array(a), Step::Index(i)) => {
            let copy = a[*i].clone();
            a.insert(*i, copy);
            format!("duplicate {at}")
        }
        (_, parent, step) => {
            let new = edge_value(rng);
            let slot = match step {
                Step::Key(k) => parent.get_mut(k.as_str()),
                Step::Index(i) => parent.get_mut(*i),
            };
            if let Some(v) = slot {
                *v = new.clone();
            }
            format!("{at} = {new}")
        }
    }
}

fn get_ref<'a>(v: &'a Value, path: &[Step]) -> Option<&'a Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get(k.as_str()),
        Step::Index(i) => v.get(*i),
    })
}
