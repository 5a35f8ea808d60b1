//! Structured control flow: `scf.if`, `scf.for`, `scf.parallel`,
//! `scf.while`, `scf.execute_region` and OpenMP critical sections, opened
//! with a `begin_*` method and closed with [`Body::end`] /
//! [`Body::end_with`], innermost first.

use super::{operand_lists, Body, Detached, Ty, Val};

/// A region open around the insertion point.
pub(super) enum Open {
    If,
    For,
    Parallel,
    /// The condition region of `scf.while` (closed by `while_condition`).
    WhileBefore,
    WhileAfter,
    ExecuteRegion,
    Critical,
}

/// An open `scf.for`: its induction variable, the values it carries in this
/// iteration, and its results after the loop.
pub struct ForLoop {
    pub iv: Val,
    pub carried: Vec<Val>,
    pub results: Vec<Val>,
}

impl Body {
    /// Opens `scf.if cond` (the then region) yielding `results`; returns
    /// the values of the `scf.if`. With results, an else region must
    /// follow ([`Body::begin_else`]).
    pub fn begin_if(&mut self, cond: &Val, results: &[Ty]) -> Vec<Val> {
        let (head, vals) = self.result_names(results);
        let types: Vec<&str> = results.iter().map(|t| t.mlir()).collect();
        let rtypes = if results.is_empty() { String::new() } else { format!(" -> ({})", types.join(", ")) };
        self.line(format!("{head}scf.if {}{rtypes} {{", cond.name));
        self.open.push(Open::If);
        vals
    }

    /// Ends the then region yielding `yields` and opens the else region.
    pub fn begin_else(&mut self, yields: &[Val]) {
        self.yield_values(yields);
        self.line("} else {");
    }

    /// `scf.if` whose regions were built detached (each already holding the
    /// values it yields): `then` yields `then_yields`, `otherwise`
    /// `else_yields` (of the same types).
    pub fn if_detached(&mut self, cond: &Val, then: Detached, then_yields: &[Val], otherwise: Detached, else_yields: &[Val]) -> Vec<Val> {
        let types: Vec<Ty> = then_yields.iter().map(|v| v.ty).collect();
        let vals = self.begin_if(cond, &types);
        self.lines.extend(then.lines);
        self.begin_else(then_yields);
        self.lines.extend(otherwise.lines);
        self.end_with(else_yields);
        vals
    }

    /// Opens `scf.for iv = lb to ub step step` (bounds of one integer type,
    /// `index` or `i64`) carrying `inits`.
    pub fn begin_for(&mut self, lb: &Val, ub: &Val, step: &Val, inits: &[Val]) -> ForLoop {
        let ty = lb.ty;
        let (ub, step) = (self.cast(ub, ty), self.cast(step, ty));
        let iv = self.fresh();
        let types: Vec<Ty> = inits.iter().map(|v| v.ty).collect();
        let (head, results) = self.result_names(&types);
        let carried: Vec<Val> = inits.iter().map(|v| Val { name: self.fresh(), ty: v.ty }).collect();
        let iter_args = if inits.is_empty() {
            String::new()
        } else {
            let binds: Vec<String> = carried.iter().zip(inits).map(|(a, v)| format!("{} = {}", a.name, v.name)).collect();
            let (_, tys) = operand_lists(&inits.iter().collect::<Vec<_>>());
            format!(" iter_args({}) -> ({tys})", binds.join(", "))
        };
        let iv_ty = if ty == Ty::Index { String::new() } else { format!(" : {}", ty.mlir()) };
        self.line(format!("{head}scf.for {iv} = {} to {} step {}{iter_args}{iv_ty} {{", lb.name, ub.name, step.name));
        self.open.push(Open::For);
        ForLoop { iv: Val { name: iv, ty }, carried, results }
    }

    /// Opens `scf.parallel` over the boxes `lbs`..`ubs` (any integer type;
    /// converted to `index`); returns the induction variables (`index`).
    pub fn begin_parallel(&mut self, lbs: &[Val], ubs: &[Val], steps: &[Val]) -> Vec<Val> {
        let index = |b: &mut Body, vs: &[Val]| -> Vec<Val> { vs.iter().map(|v| b.cast(v, Ty::Index)).collect() };
        let (lbs, ubs, steps) = (index(self, lbs), index(self, ubs), index(self, steps));
        let ivs: Vec<Val> = lbs.iter().map(|_| Val { name: self.fresh(), ty: Ty::Index }).collect();
        let list = |vs: &[Val]| vs.iter().map(|v| v.name.as_str()).collect::<Vec<_>>().join(", ");
        self.line(format!("scf.parallel ({}) = ({}) to ({}) step ({}) {{", list(&ivs), list(&lbs), list(&ubs), list(&steps)));
        self.open.push(Open::Parallel);
        ivs
    }

    /// Opens `scf.while` carrying `inits` into its condition region;
    /// returns the condition region's arguments and the loop's results
    /// (of types `results`, what [`Body::while_condition`] forwards).
    pub fn begin_while(&mut self, inits: &[Val], results: &[Ty]) -> (Vec<Val>, Vec<Val>) {
        let (head, vals) = self.result_names(results);
        let args: Vec<Val> = inits.iter().map(|v| Val { name: self.fresh(), ty: v.ty }).collect();
        let binds: Vec<String> = args.iter().zip(inits).map(|(a, v)| format!("{} = {}", a.name, v.name)).collect();
        let (_, in_types) = operand_lists(&inits.iter().collect::<Vec<_>>());
        let out_types: Vec<&str> = results.iter().map(|t| t.mlir()).collect();
        let binds = if binds.is_empty() { String::new() } else { format!(" ({})", binds.join(", ")) };
        self.line(format!("{head}scf.while{binds} : ({in_types}) -> ({}) {{", out_types.join(", ")));
        self.open.push(Open::WhileBefore);
        (args, vals)
    }

    /// Ends the condition region: loops on while `cond` holds, passing
    /// `forwarded` to the body region (or out as the results); opens the
    /// body region and returns its arguments.
    pub fn while_condition(&mut self, cond: &Val, forwarded: &[Val]) -> Vec<Val> {
        assert!(matches!(self.open.pop(), Some(Open::WhileBefore)), "while_condition outside scf.while");
        if forwarded.is_empty() {
            self.line(format!("scf.condition({})", cond.name));
            self.line("} do {");
        } else {
            let (names, types) = operand_lists(&forwarded.iter().collect::<Vec<_>>());
            self.line(format!("scf.condition({}) {names} : {types}", cond.name));
            self.line("} do {");
        }
        let args: Vec<Val> = forwarded.iter().map(|v| Val { name: self.fresh(), ty: v.ty }).collect();
        if !args.is_empty() {
            let params: Vec<String> = args.iter().map(|a| format!("{}: {}", a.name, a.ty.mlir())).collect();
            self.line(format!("^bb0({}):", params.join(", ")));
        }
        self.open.push(Open::WhileAfter);
        args
    }

    /// Opens `scf.execute_region`: a region of several blocks (branches
    /// with [`Body::br`]); [`Body::end`] yields from the current block.
    pub fn begin_execute_region(&mut self) {
        self.line("scf.execute_region {");
        self.open.push(Open::ExecuteRegion);
    }

    /// Opens an OpenMP critical section (one thread at a time).
    pub fn begin_critical(&mut self) {
        self.line("omp.critical {");
        self.open.push(Open::Critical);
    }

    /// Closes the innermost open region.
    pub fn end(&mut self) {
        self.end_with(&[]);
    }

    /// Closes the innermost open region, yielding `values` (its results,
    /// or the values a loop carries into the next iteration).
    pub fn end_with(&mut self, values: &[Val]) {
        match self.open.pop().expect("end without an open region") {
            Open::If | Open::For => self.yield_values(values),
            Open::WhileAfter | Open::ExecuteRegion => {
                self.yield_values(values);
                if values.is_empty() {
                    self.line("scf.yield");
                }
            }
            Open::Parallel => assert!(values.is_empty(), "scf.parallel yields nothing"),
            Open::Critical => self.line("omp.terminator"),
            Open::WhileBefore => panic!("scf.while condition region closed without while_condition"),
        }
        self.line("}");
    }

    fn yield_values(&mut self, values: &[Val]) {
        if !values.is_empty() {
            let (names, types) = operand_lists(&values.iter().collect::<Vec<_>>());
            self.line(format!("scf.yield {names} : {types}"));
        }
    }

    /// The `%r = ` / `%r:2 = ` prefix of an op with `results`, and the values.
    fn result_names(&mut self, results: &[Ty]) -> (String, Vec<Val>) {
        match results.len() {
            0 => (String::new(), Vec::new()),
            1 => {
                let name = self.fresh();
                (format!("{name} = "), vec![Val { name, ty: results[0] }])
            }
            n => {
                let name = self.fresh();
                let vals = results.iter().enumerate().map(|(i, t)| Val { name: format!("{name}#{i}"), ty: *t }).collect();
                (format!("{name}:{n} = "), vals)
            }
        }
    }
}
