//! `sdfg-translate --emit-hls`: the kernels of a program as Vitis HLS C++
//! files, the header they include, the XRT host program, and a Makefile
//! that builds the kernels with `v++` for `sw_emu`, `hw_emu` or `hw`
//! (`make TARGET=hw PLATFORM=...`) and the host program against XRT.

use super::cpp::ident;
use super::{kernel_source, kernel_states, prepare, Kernel, HEADER};
use crate::model::Sdfg;

/// A file to write into the output directory.
pub struct HlsFile {
    pub name: String,
    pub text: String,
}

/// The files for the FPGA kernels of `sdfg` (an error when it has none).
pub fn emit_hls(sdfg: &Sdfg) -> Result<Vec<HlsFile>, String> {
    let prepared = prepare(sdfg)?;
    let kernels = kernel_states(&prepared);
    if kernels.is_empty() {
        return Err(super::NO_KERNELS.into());
    }
    let mut files = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut host = super::host::HostKernels { kernels: Vec::new() };
    let mut connectivity = Vec::new();
    for (label, state) in kernels {
        let mut name = format!("kernel_{}", ident(&label));
        while names.contains(&name) {
            name.push('_');
        }
        let kernel = Kernel::of(&prepared, state);
        let body = kernel_source(&prepared, state, &kernel, &name, &label).map_err(|e| format!("kernel of state '{label}': {e}"))?;
        let text = format!("// Vitis HLS kernel '{name}' of SDFG '{}', state '{label}'.\n#include \"sdfg_hls.h\"\n\n{body}", sdfg.name);
        files.push(HlsFile { name: format!("{name}.cpp"), text });
        // Each port on its array's memory bank (one compute unit, `_1`).
        for a in &kernel.arrays {
            if let Some(bank) = prepared.container(a).and_then(crate::transforms::fpga_banks::bank) {
                connectivity.push(format!("sp={name}_1.{}:DDR[{bank}]", ident(a)));
            }
        }
        host.kernels.push((state as *const _, name.clone(), kernel));
        names.push(name);
    }
    let host = super::host::host_source(&prepared, host).map_err(|e| format!("host program: {e}"))?;
    files.push(HlsFile { name: "host.cpp".into(), text: host });
    files.push(HlsFile { name: "sdfg_hls.h".into(), text: HEADER.into() });
    let config = !connectivity.is_empty();
    if config {
        let text = format!("# Memory banks of the kernels' ports (v++ --config).\n[connectivity]\n{}\n", connectivity.join("\n"));
        files.push(HlsFile { name: "connectivity.cfg".into(), text });
    }
    files.push(HlsFile { name: "Makefile".into(), text: makefile(&names, config) });
    Ok(files)
}

fn makefile(kernels: &[String], connectivity: bool) -> String {
    let link = if connectivity { " --config connectivity.cfg" } else { "" };
    format!(
        "# Builds the kernels with Vitis: make TARGET=sw_emu|hw_emu|hw PLATFORM=<platform>\n\
         TARGET ?= sw_emu\n\
         PLATFORM ?= xilinx_u250_gen3x16_xdma_4_1_202210_1\n\
         KERNELS = {}\n\n\
         all: program.$(TARGET).xclbin\n\n\
         %.$(TARGET).xo: %.cpp sdfg_hls.h\n\
         \tv++ -c -t $(TARGET) --platform $(PLATFORM) -k $* -I. -o $@ $<\n\n\
         program.$(TARGET).xclbin: $(KERNELS:%=%.$(TARGET).xo)\n\
         \tv++ -l -t $(TARGET) --platform $(PLATFORM){link} -o $@ $^\n\n\
         # The host program, a library with `<sdfg>_run(xclbin, args...)`.\n\
         libhost.so: host.cpp sdfg_hls.h\n\
         \t$(CXX) -std=c++17 -O2 -shared -fPIC -I/usr/include/xrt -I. host.cpp -o $@ -lxrt_coreutil\n\n\
         clean:\n\
         \trm -f *.xo *.xclbin libhost.so\n",
        kernels.join(" ")
    )
}
