//! Model → DaCe 1.0.2 JSON, close to what `SDFG.save()` writes: derived
//! fields (`scope_dict`, node labels and scope links, ids, `cfg_list_id`,
//! volumes, strides) are recomputed, random ones (`guid`, `hash`) left out.

mod callback;
mod cfg;
mod data;
mod memlet;
mod state;

pub(crate) use callback::callback;
use crate::model::Sdfg;
use serde_json::{json, Map, Value};

/// Export state: the running `cfg_list_id` (DaCe numbers the SDFG, its
/// regions and nested SDFGs depth-first, root = 0).
pub(super) struct Exporter {
    next_cfg_id: usize,
}

impl Exporter {
    pub fn new() -> Exporter {
        Exporter { next_cfg_id: 0 }
    }

    fn next_cfg_id(&mut self) -> usize {
        self.next_cfg_id += 1;
        self.next_cfg_id - 1
    }

    /// An SDFG object; `root` adds `dace_version`.
    pub fn sdfg(&mut self, s: &Sdfg, root: bool) -> Value {
        let list_id = self.next_cfg_id();
        let mut a = Map::new();
        a.insert("name".into(), Value::String(s.name.clone()));
        a.insert("arg_names".into(), json!(s.arg_names));
        if !s.constants.is_empty() {
            let c: Map<String, Value> =
                s.constants.iter().map(|c| (c.name.clone(), json!([c.descriptor, c.value]))).collect();
            a.insert("constants_prop".into(), Value::Object(c));
        }
        let arrays: Map<String, Value> =
            s.containers.iter().map(|(n, d)| (n.clone(), data::descriptor(d))).collect();
        a.insert("_arrays".into(), Value::Object(arrays));
        let mut symbols: Map<String, Value> =
            s.symbols.iter().map(|(n, t)| (n.clone(), Value::String(t.name().to_string()))).collect();
        symbols.extend(s.callbacks.iter().map(|c| (c.name.clone(), callback::callback(c))));
        a.insert("symbols".into(), Value::Object(symbols));
        // The frontend always writes empty frame code; DaCe expects the keys.
        for key in ["global_code", "init_code", "exit_code"] {
            a.insert(key.into(), json!({"frame": {"string_data": "", "language": "CPP"}}));
        }
        a.extend(s.extra.clone());
        if s.experimental_blocks {
            a.insert("using_experimental_blocks".into(), Value::Bool(true));
        }
        let (nodes, edges) = cfg::graph(self, &s.cfg);
        let start = s.cfg.start().map(|b| json!(b)).unwrap_or(Value::Null);
        let mut obj = Map::new();
        obj.insert("type".into(), Value::String("SDFG".into()));
        obj.insert("attributes".into(), Value::Object(a));
        obj.insert("nodes".into(), nodes);
        obj.insert("edges".into(), edges);
        obj.insert("collapsed".into(), Value::Bool(false));
        obj.insert("label".into(), Value::String(String::new()));
        obj.insert("id".into(), Value::Null);
        obj.insert("cfg_list_id".into(), json!(list_id));
        obj.insert("start_block".into(), start);
        if root {
            obj.insert("dace_version".into(), Value::String("1.0.2".into()));
        }
        Value::Object(obj)
    }
}
