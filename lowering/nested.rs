//! Nested SDFGs (a function per call site) and consume scopes.

use super::abi::{self, ArgKind};
use super::builder::Val;
use super::function::FnGen;
use super::state::StateCx;
use super::types::Ty;
use crate::model::{DataKind, NodeKind};
use std::collections::HashMap;

impl FnGen<'_, '_> {
    /// Calls the nested SDFG's function with pointers to the connected
    /// windows of outer data and the mapped symbol values.
    pub fn nested(&mut self, cx: &StateCx, n: usize) -> Result<(), String> {
        let NodeKind::NestedSdfg { sdfg, symbol_mapping } = &cx.state.nodes[n].kind else { unreachable!() };
        let args = abi::arglist(sdfg)?;
        // Call-site allocas are released after the call (calls may sit in loops).
        let stack = self.b.stack_save();
        // Outer memory bound to each connector.
        let mut bound: HashMap<String, (Val, bool)> = HashMap::new();
        // GPU streams: the counter of each travels after the arguments.
        let mut gpu_streams: Vec<(String, super::gpu::streams::GpuStream, crate::model::DataDesc)> = Vec::new();
        for e in cx.state.edges.iter().filter(|e| e.dst == n || e.src == n) {
            let conn = if e.dst == n { &e.dst_conn } else { &e.src_conn };
            let (Some(conn), Some(data)) = (conn, &e.memlet.data) else { continue };
            if bound.contains_key(conn) {
                continue;
            }
            let outer = self.container(data)?.clone();
            if outer.desc.kind == DataKind::Stream && outer.desc.storage.is_gpu() {
                gpu_streams.push((conn.clone(), self.gpu_stream(data)?, outer.desc.clone()));
                let ptr = self.base(data)?;
                bound.insert(conn.clone(), (ptr, false));
                continue;
            }
            let inner_is_stream = sdfg.container(conn).is_some_and(|d| d.kind == DataKind::Stream);
            let ptr = if outer.desc.kind == DataKind::Stream && inner_is_stream {
                // The callee pushes to and pops from the caller's stream.
                self.base(data)?
            } else if outer.desc.kind == DataKind::Stream {
                // One element popped for the callee.
                let s = self.base(data)?;
                let v = self.module.stream_pop(&mut self.b, &s, outer.ty);
                let one = self.b.i64(1);
                let slot = self.b.alloca(&one, outer.ty);
                self.b.store(&v, &slot, outer.ty);
                slot
            } else if let Some(Some(v)) = self.registers.get(data).cloned() {
                // A value held in a register (a host scalar read by a
                // kernel) is passed as a copy in the caller's frame.
                let one = self.b.i64(1);
                let slot = self.b.alloca(&one, outer.ty);
                self.b.store(&v, &slot, outer.ty);
                slot
            } else {
                let start = self.start_indices(&e.memlet.subset)?;
                let start = if start.is_empty() { vec![self.b.i64(0); outer.desc.shape.len()] } else { start };
                // GPU memory passes to a host-level nested SDFG that holds
                // it as GPU memory too: its own code is checked inside.
                let inner_gpu = sdfg.container(conn).is_some_and(|d| d.storage.is_gpu());
                if self.kernel.is_none() && outer.desc.storage.is_gpu() && inner_gpu {
                    self.address_unchecked(data, &start)?
                } else {
                    self.address(data, &start)?
                }
            };
            let input_only = e.dst == n && !cx.state.edges.iter().any(|o| o.src == n && o.src_conn.as_ref() == Some(conn));
            bound.insert(conn.clone(), (ptr, input_only));
        }
        gpu_streams.sort_by(|a, b| a.0.cmp(&b.0));
        let count = self.b.i64((args.len() + 2 * gpu_streams.len()) as i64);
        let array = self.b.alloca(&count, Ty::Ptr);
        for (k, (_, stream, _)) in gpu_streams.iter().enumerate() {
            let one = self.b.i64(1);
            let held = self.b.alloca(&one, Ty::I64);
            self.b.store(&stream.capacity, &held, Ty::I64);
            for (j, p) in [stream.count.clone(), held].iter().enumerate() {
                let idx = self.b.i64((args.len() + 2 * k + j) as i64);
                let at = self.b.gep(&array, &idx, Ty::Ptr);
                self.b.store(p, &at, Ty::Ptr);
            }
        }
        for (i, arg) in args.iter().enumerate() {
            let ptr = match arg.kind {
                ArgKind::Symbol => {
                    let e = symbol_mapping
                        .iter()
                        .find(|(k, _)| k == &arg.name)
                        .map(|(_, v)| v.clone())
                        .ok_or_else(|| format!("nested SDFG symbol '{}' is not mapped", arg.name))?;
                    let v = self.int(&e)?;
                    let one = self.b.i64(1);
                    let slot = self.b.alloca(&one, Ty::I64);
                    self.b.store(&v, &slot, Ty::I64);
                    slot
                }
                ArgKind::Array | ArgKind::Scalar => {
                    let (ptr, input_only) =
                        bound.get(&arg.name).cloned().ok_or_else(|| format!("connector '{}' is not connected", arg.name))?;
                    if arg.kind == ArgKind::Scalar && input_only {
                        // Scalars are passed by value: the callee gets a copy.
                        let ty = Ty::from_scalar(arg.dtype);
                        let v = self.b.load(&ptr, ty);
                        let one = self.b.i64(1);
                        let slot = self.b.alloca(&one, ty);
                        self.b.store(&v, &slot, ty);
                        slot
                    } else {
                        ptr
                    }
                }
            };
            let idx = self.b.i64(i as i64);
            let at = self.b.gep(&array, &idx, Ty::Ptr);
            self.b.store(&ptr, &at, Ty::Ptr);
        }
        self.module.nested_count += 1;
        let name = format!("__sdfg_nested_{}_{}", self.module.nested_count, super::entry_name(&sdfg.name));
        // Windows of the caller's private data stay private in the callee.
        let private: std::collections::HashSet<String> = cx
            .state
            .edges
            .iter()
            .filter(|e| e.src == n || e.dst == n)
            .filter(|e| e.memlet.data.as_ref().is_some_and(|d| self.private.contains(d) || self.registers.contains_key(d)))
            .filter_map(|e| if e.dst == n { e.dst_conn.clone() } else { e.src_conn.clone() })
            .collect();
        let mut inner = FnGen::new(sdfg, self.module);
        inner.parallel = self.parallel;
        inner.private = private;
        inner.kernel = self.kernel.clone();
        // The caller's values (the warpReduce buffer) are not the callee's.
        inner.block = self.block.clone().map(|b| super::gpu::blocks::BlockKernel { scratch: None, ..b });
        inner.gpu_stream_args = gpu_streams.into_iter().map(|(conn, stream, desc)| (conn, desc, stream.private)).collect();
        if self.kernel.is_some() {
            inner.on_device = args.iter().map(|a| a.name.clone()).collect();
        }
        let f = inner.function(&name, super::builder::module::Visibility::Private)?;
        self.module.add_function(f);
        if self.kernel.is_some() {
            // A region of its own, which the callee's blocks can be inlined
            // into (Vulkan kernels call no functions).
            self.b.begin_execute_region();
            self.b.call(&name, &[array], &[]);
            self.b.end();
        } else {
            self.b.call(&name, &[array], &[]);
        }
        self.b.stack_restore(&stack);
        Ok(())
    }

    /// A consume scope: pop the stream and run the body until it is empty
    /// (or the quiescence condition holds). The body may push more.
    pub fn consume(&mut self, cx: &StateCx, entry: usize) -> Result<(), String> {
        let NodeKind::ConsumeEntry { consume, .. } = &cx.state.nodes[entry].kind else { unreachable!() };
        let input = cx
            .state
            .edges
            .iter()
            .find(|e| e.dst == entry && e.dst_conn.as_deref() == Some("IN_stream"))
            .and_then(|e| e.memlet.data.clone())
            .ok_or("consume scope without an input stream")?;
        if self.container(&input)?.desc.kind != DataKind::Stream {
            return Err(format!("consume input '{input}' is not a stream"));
        }
        let stream = self.base(&input)?;
        self.b.begin_while(&[], &[]);
        let len = self.module.stream_len(&mut self.b, &stream);
        let zero = self.b.i64(0);
        let mut go = self.b.compare("gt", &len, &zero);
        if let Some(cond) = &consume.condition {
            let done = self.condition(cond)?;
            let not_done = self.b.not(&done);
            go = self.b.logic(true, &go, &not_done);
        }
        self.b.while_condition(&go, &[]);
        let mut scope = HashMap::new();
        scope.insert(consume.pe_index.clone(), self.b.i64(0));
        self.scopes.push(scope);
        self.scoped_body(cx, entry)?;
        self.scopes.pop();
        self.b.end();
        Ok(())
    }
}
