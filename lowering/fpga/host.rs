//! The XRT host program that `--emit-hls` writes beside the kernels
//! (`host.cpp`): `extern "C" int <sdfg>_run(const char *xclbin, args...,
//! symbols...)` loads the kernels' xclbin on the first device and runs the
//! program's control flow with XRT's native API. `FPGA_Global` containers
//! are buffer objects (`xrt::bo`), copies between them and host memory are
//! `write`/`read` with a `sync`, a kernel state is a run of its kernel
//! (host memory a kernel reaches is staged through a buffer object around
//! the run), and every other state is C++ as in the kernels.

use super::cpp::{ident, Func};
use super::{Kernel, HEADER};
use crate::model::{Sdfg, State, Storage};
use std::collections::BTreeSet;

/// What the host code knows of the kernels.
pub struct HostKernels {
    /// For each kernel state (by address): its kernel's name and interface.
    pub kernels: Vec<(*const State, String, Kernel)>,
}

impl HostKernels {
    fn of(&self, state: &State) -> Option<&(*const State, String, Kernel)> {
        self.kernels.iter().find(|(s, _, _)| std::ptr::eq(*s, state))
    }
}

/// `host.cpp` for the prepared SDFG whose kernels are `kernels`.
pub fn host_source(sdfg: &Sdfg, kernels: HostKernels) -> Result<String, String> {
    let mut f = Func::new(sdfg, "host");
    let name = ident(&sdfg.name);
    let mut params = vec!["const char* xclbin".to_string()];
    // The arguments in their order, then the other non-transients.
    let mut args: Vec<&String> = sdfg.arg_names.iter().filter(|a| sdfg.container(a).is_some_and(|d| !d.transient)).collect();
    let mut rest: Vec<&String> = sdfg.containers.iter().filter(|(n, d)| !d.transient && !args.contains(&n)).map(|(n, _)| n).collect();
    rest.sort();
    args.extend(rest);
    for a in &args {
        params.push(f.param(a)?);
    }
    let used = crate::analysis::symbols::sdfg_symbols(sdfg).used;
    let symbols: Vec<&String> = sdfg.symbols.iter().map(|(s, _)| s).filter(|s| used.contains(*s)).collect();
    for s in &symbols {
        params.push(format!("{} {}", f.symbol_type(s), ident(s)));
    }
    f.w.line(&format!("// Runs SDFG '{}' with its kernels from `xclbin` on the first device.", sdfg.name));
    f.w.open(&format!("extern \"C\" int {name}_run({}) {{", params.join(", ")));
    f.w.line("xrt::device device(0);");
    f.w.line("auto uuid = device.load_xclbin(xclbin);");
    for (_, k, _) in &kernels.kernels {
        f.w.line(&format!("xrt::kernel {k}(device, uuid, \"{k}\");"));
    }
    let taken: BTreeSet<String> = args.iter().chain(symbols.iter()).map(|s| ident(s)).collect();
    f.declare_symbols(&taken)?;
    let mut host_locals = BTreeSet::new();
    for (c, d) in sdfg.containers.iter().filter(|(_, d)| d.transient) {
        if d.storage == Storage::FpgaGlobal {
            let bytes = f.index(&d.reach())?;
            let group = kernels.kernels.iter().find_map(|(_, k, kernel)| {
                kernel.arrays.iter().position(|a| a == c).map(|i| format!("{k}.group_id({i})"))
            });
            let elem = f.elem_type(c)?;
            f.w.line(&format!("xrt::bo {}_bo(device, ({bytes}) * sizeof({elem}), {});", ident(c), group.unwrap_or_else(|| "0".into())));
        } else if !super::device_only(d.storage) && !kernels.kernels.iter().any(|(_, _, k)| k.locals.contains(c)) {
            host_locals.insert(c.to_string());
        }
    }
    f.declare_locals(&host_locals)?;
    f.host = Some(kernels);
    f.run_cfg()?;
    f.w.line("return 0;");
    f.w.close("}");
    let mut text = format!(
        "// XRT host program of SDFG '{}': build with\n//   g++ -std=c++17 -shared -fPIC -I/usr/include/xrt host.cpp -o libhost.so -lxrt_coreutil\n",
        sdfg.name
    );
    text += "#include <xrt/xrt_bo.h>\n#include <xrt/xrt_device.h>\n#include <xrt/xrt_kernel.h>\n";
    text += HEADER;
    text += "\n";
    for h in &f.helpers {
        text += h;
        text += "\n";
    }
    text += &f.w.text;
    Ok(text)
}

impl Func<'_> {
    /// In the host program: runs kernel state `state`'s kernel, staging
    /// the host memory it reaches; `false` for other states.
    pub fn host_kernel_run(&mut self, state: &State) -> Result<bool, String> {
        let Some((_, k, kernel)) = self.host.as_ref().and_then(|h| h.of(state)).map(|(s, k, kernel)| (*s, k.clone(), kernel.clone())) else {
            return Ok(false);
        };
        self.w.open(&format!("{{  // run {k}"));
        let mut args = Vec::new();
        let mut staged = Vec::new();
        for (i, a) in kernel.arrays.iter().enumerate() {
            let d = self.desc(a)?;
            if self.is_buffer(a) {
                args.push(format!("{}_bo", ident(a)));
                continue;
            }
            let (bytes, elem) = (self.index(&d.reach())?, self.elem_type(a)?);
            let stage = format!("{}_stage", ident(a));
            self.w.line(&format!("xrt::bo {stage}(device, ({bytes}) * sizeof({elem}), {k}.group_id({i}));"));
            self.w.line(&format!("{stage}.write({});", ident(a)));
            self.w.line(&format!("{stage}.sync(XCL_BO_SYNC_BO_TO_DEVICE);"));
            args.push(stage.clone());
            staged.push((stage, a.clone()));
        }
        args.extend(kernel.symbols.iter().map(|s| ident(s)));
        self.w.line(&format!("auto run = {k}({});", args.join(", ")));
        self.w.line("run.wait();");
        for (stage, a) in staged {
            self.w.line(&format!("{stage}.sync(XCL_BO_SYNC_BO_FROM_DEVICE);"));
            self.w.line(&format!("{stage}.read({});", ident(&a)));
        }
        self.w.close("}");
        Ok(true)
    }
}
