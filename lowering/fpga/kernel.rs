//! One kernel: a state that runs on the FPGA, as an `extern "C"` function
//! with `m_axi` ports for the memory it reaches and `s_axilite` ports for
//! its symbols. Its streams, views and FPGA-local memory are locals.

use super::cpp::{ident, Func};
use super::device_only;
use crate::analysis::symbols;
use crate::model::{DataKind, NodeKind, Sdfg, State, Storage};
use crate::transforms::place;
use crate::transforms::uses::mentioned_in_code;
use std::collections::BTreeSet;

/// What a kernel takes: the containers it reaches in host-visible memory
/// (pointer arguments) and the symbols it reads; and what it owns.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub arrays: Vec<String>,
    pub symbols: Vec<String>,
    pub locals: BTreeSet<String>,
}

impl Kernel {
    pub fn of(sdfg: &Sdfg, state: &State) -> Kernel {
        let used = containers_of(state);
        let elsewhere: BTreeSet<String> =
            place::states(sdfg).iter().filter(|(_, s)| !std::ptr::eq(*s, state)).flat_map(|(_, s)| containers_of(s)).collect();
        let scoped = scoped_only(state);
        let locals: BTreeSet<String> = used
            .iter()
            .filter(|n| {
                sdfg.container(n).is_some_and(|d| {
                    // Registers and data that lives inside the kernel's maps
                    // only are its own, as DaCe makes them FPGA-local.
                    // (not what the host's control flow reads).
                    let own = matches!(d.kind, DataKind::Stream | DataKind::View | DataKind::Reference)
                        || device_only(d.storage)
                        || (d.storage == Storage::Register || scoped.contains(*n)) && !mentioned_in_code(sdfg, n);
                    d.transient && own
                })
                    && !elsewhere.contains(*n)
            })
            .cloned()
            .collect();
        let arrays: Vec<String> = used.iter().filter(|n| !locals.contains(*n)).cloned().collect();
        let symbols = symbols_read(sdfg, state);
        Kernel { arrays, symbols, locals }
    }
}

/// Data the state names inside scopes only: in access nodes there, or in
/// memlets between nodes there (a scalar passed from tasklet to tasklet).
fn scoped_only(state: &State) -> BTreeSet<String> {
    let parents = crate::model::scope::scope_parents(state).unwrap_or_default();
    let scoped = |n: usize| parents.get(n).copied().flatten().is_some();
    let (mut inside, mut outside) = (BTreeSet::new(), BTreeSet::new());
    crate::transforms::uses::access_by_scope(state, &mut inside, &mut outside);
    for e in &state.edges {
        if let Some(data) = &e.memlet.data {
            let set = if scoped(e.src) || scoped(e.dst) { &mut inside } else { &mut outside };
            set.insert(data.clone());
        }
    }
    inside.difference(&outside).cloned().collect()
}

/// Containers a state names (access nodes and memlets; not inside nested SDFGs).
pub(super) fn containers_of(state: &State) -> BTreeSet<String> {
    let nodes = state.nodes.iter().filter_map(|n| match &n.kind {
        NodeKind::Access { data, .. } => Some(data.clone()),
        _ => None,
    });
    nodes.chain(state.edges.iter().filter_map(|e| e.memlet.data.clone())).collect()
}

/// The C++ of the kernel for `state` (of the prepared SDFG, see
/// [`super::prepare`]), named `name`; every other function it defines
/// starts with `name` too.
pub fn kernel_source(sdfg: &Sdfg, state: &State, kernel: &Kernel, name: &str, label: &str) -> Result<String, String> {
    let mut f = Func::new(sdfg, name);
    let mut params = Vec::new();
    for a in &kernel.arrays {
        params.push(f.param(a)?);
    }
    for s in &kernel.symbols {
        params.push(format!("{} {}", f.symbol_type(s), ident(s)));
    }
    f.w.line(&format!("// kernel of state '{}'", label.replace('\n', " ")));
    f.w.open(&format!("extern \"C\" void {name}({}) {{", params.join(", ")));
    for (k, a) in kernel.arrays.iter().enumerate() {
        f.w.pragma(&format!("INTERFACE m_axi port={} offset=slave bundle=gmem{k}", ident(a)));
    }
    for a in &kernel.arrays {
        f.w.pragma(&format!("INTERFACE s_axilite port={} bundle=control", ident(a)));
    }
    for s in &kernel.symbols {
        f.w.pragma(&format!("INTERFACE s_axilite port={} bundle=control", ident(s)));
    }
    f.w.pragma("INTERFACE s_axilite port=return bundle=control");
    f.declare_locals(&kernel.locals)?;
    f.declare_constants()?;
    let start = f.w.text.len();
    f.state(state, None)?;
    // Ports the body does not use (a size only a shape names) are still
    // ports; say so to the compiler.
    let body = f.w.text[start..].to_string();
    let names = kernel.arrays.iter().chain(&kernel.symbols).map(|n| ident(n));
    for name in names.filter(|n| !super::cpp::uses_name(&body, n)) {
        f.w.line(&format!("(void){name};"));
    }
    f.w.close("}");
    let mut text = String::new();
    for h in &f.helpers {
        text += h;
        text += "\n";
    }
    text += &f.w.text;
    Ok(text)
}


/// The symbols `state` reads that `sdfg` declares or assigns, those its
/// containers' shapes and strides name included.
pub(super) fn symbols_read(sdfg: &Sdfg, state: &State) -> Vec<String> {
    let mut wanted = symbols::state_symbols(sdfg, state).used;
    for name in containers_of(state) {
        if let Some(d) = sdfg.container(&name) {
            let exprs = d.shape.iter().chain(d.strides.iter().flatten()).chain(d.offset.iter().flatten());
            for e in exprs.chain(d.total_size.iter()).chain(d.buffer_size.iter()) {
                wanted.extend(e.free_symbols());
            }
        }
    }
    let mut assigned = BTreeSet::new();
    symbols::assigned(&sdfg.cfg, &mut assigned);
    wanted.into_iter().filter(|s| sdfg.container(s).is_none() && (sdfg.symbol_type(s).is_some() || assigned.contains(s))).collect()
}
