//! sdfg-compile: build a shared library and C header from an SDFG.

#[path = "common.rs"]
#[allow(dead_code)]
mod common;

use clap::Parser;
use sdfg_mlir::lowering::{self, abi, cpp_helpers, pipeline};
use std::path::{Path, PathBuf};

/// Compiles an SDFG (`.sdfg`, `.sdfgz` or `.mlir`) ahead of time into
/// `lib<name>.so` and `<name>.h` (entry point and typed wrapper).
#[derive(Parser, Debug)]
#[command(name = "sdfg-compile", version)]
struct Cli {
    program: String,
    /// Output directory.
    #[arg(short, long, default_value = ".")]
    output_dir: PathBuf,
    /// Build a GPU program's kernels for this runtime (the library loads
    /// them when it is loaded); without it GPU programs are refused.
    #[arg(long, value_enum)]
    gpu_runtime: Option<GpuRuntime>,
    /// Threads per block (X[,Y[,Z]]) of GPU maps that give no
    /// `gpu_block_size` (default: DaCe's 32,1,1).
    #[arg(long, value_name = "X[,Y[,Z]]")]
    gpu_block_size: Option<String>,
    /// The GPU architecture to build CUDA kernels for (`sm_90`).
    #[arg(long, default_value = "sm_90")]
    gpu_chip: String,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum GpuRuntime {
    Cuda,
    Vulkan,
}

fn main() {
    let cli = Cli::parse();
    let (bytes, file) = common::read_input(&cli.program);
    let sdfg = sdfg_mlir::driver::input::load_model(&bytes, &file).unwrap_or_else(|d| common::fail(&d));
    // Python callbacks without a native implementation stop here, at the tasklet.
    lowering::callback_plan::check_program(&sdfg).unwrap_or_else(|d| common::fail(&d));
    let context = sdfg_mlir::ir::new_context();
    let options = lowering::LowerOptions {
        gpu: cli.gpu_runtime.map(|runtime| match runtime {
            GpuRuntime::Cuda => lowering::gpu::Target::Cuda { chip: cli.gpu_chip.clone() },
            GpuRuntime::Vulkan => lowering::gpu::Target::Vulkan,
        }),
        gpu_block_size: cli.gpu_block_size.as_deref().map(|t| {
            lowering::gpu::kernel::parse_block_size(t).unwrap_or_else(|e| common::fail_with(&file, &e))
        }),
        ..Default::default()
    };
    let mut lowered = lowering::lower_with(&context, &sdfg, &options).unwrap_or_else(|d| common::fail(&d.into()));
    for w in &lowered.warnings {
        eprintln!("{file}: warning: {w}");
    }
    pipeline::lowered_to_llvm(&mut lowered).unwrap_or_else(|e| common::fail_with(&file, &e));
    let work = cli.output_dir.join(format!(".{}.build", lowered.entry));
    let so = cli.output_dir.join(format!("lib{}.so", lowered.entry));
    let header = cli.output_dir.join(format!("{}.h", lowered.entry));
    let helpers = cpp_helpers::compile_cpp_helpers(&lowered, &work, false).unwrap_or_else(|e| common::fail_with(&file, &e));
    let gpu_runtime = match &lowered.gpu {
        Some(lowering::gpu::Target::Cuda { .. }) => {
            Some(lowering::gpu::cuda::runtime_library(&work, false).unwrap_or_else(|e| common::fail_with(&file, &e)))
        }
        Some(lowering::gpu::Target::Vulkan) => {
            Some(lowering::gpu::vulkan::runtime_archive(&work).unwrap_or_else(|e| common::fail_with(&file, &e)))
        }
        None => None,
    };
    let objects: Vec<PathBuf> = helpers.into_iter().chain(gpu_runtime).collect();
    let built = cpp_helpers::libraries(&lowered)
        .and_then(|libs| pipeline::build_shared_library(&lowered.module, &so, &work, &objects, &libs));
    let _ = std::fs::remove_dir_all(&work);
    built.unwrap_or_else(|e| common::fail_with(&file, &e));
    common::write_output(&header.display().to_string(), &abi::c_header(&lowered.entry, &lowered.args));
    eprintln!("wrote {} and {}", so.display(), Path::new(&header).display());
}
