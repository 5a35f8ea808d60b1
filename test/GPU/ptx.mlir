// GPU_Device maps become kernels compiled to PTX in process (no CUDA
// toolkit): one thread per iteration, guarded by the range; a sum into one
// element is an atomic add; sqrt and abs are PTX instructions (no libdevice).
// RUN: sdfg-run --emit ptx %s | FileCheck %s
// Other math functions link libdevice, found in the active Python
// environment's nvidia-cuda-nvcc-cu12 package: exp is inlined (its
// reduction by log2(e) and its polynomial), nothing is left to link.
// RUN: env -u SDFG_CUDA_LIBDEVICE -u CUDA_HOME -u CUDA_PATH -u CUDA_ROOT VIRTUAL_ENV=%venv sdfg-run --emit ptx %S/Inputs/exp.mlir | FileCheck %s --check-prefix=EXP
// EXP: .visible .entry kernel_exp(
// EXP-NOT: .extern
// EXP: fma.rn.f64 {{.*}}0d3FF71547652B82FE
// EXP-NOT: .extern
// CHECK: // gpu.module @kernel_scale
// CHECK: .target sm_90
// CHECK: .visible .entry kernel_scale(
// CHECK: mov.u32 {{.*}}%ctaid.x
// CHECK: mov.u32 {{.*}}%tid.x
// CHECK: setp.ge.s64
// CHECK: ld.global.b64
// CHECK: sqrt.rn.f64
// CHECK: st.global.b64
// CHECK: // gpu.module @kernel_total
// CHECK: .visible .entry kernel_total(
// CHECK: atom.global.add.f64
// CHECK-NOT: .extern
// The chip comes from SDFG_GPU_CHIP.
// RUN: env SDFG_GPU_CHIP=sm_80 sdfg-run --emit ptx %s | FileCheck %s --check-prefix=CHIP
// CHIP: .target sm_80
sdfg.sdfg "gpu_scale" ["A", "B", "S"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "S" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  sdfg.array "gA" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<GPU_Global>, transient}
  sdfg.array "gB" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>, storage = #sdfg.storage<GPU_Global>, transient}
  sdfg.array "gS" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>, storage = #sdfg.storage<GPU_Global>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %gA = sdfg.access "gA"
    %gB = sdfg.access "gB"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %gA {data = "A", subset = #sdfg.range<0:N>}
    %e, %x = sdfg.map "scale" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %tk = sdfg.tasklet "t" {code = "b = 2.0 * a + math.sqrt(abs(a))", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %tk["a"] {data = "gA", subset = #sdfg.range<i>}
      sdfg.memlet %tk["b"] -> %exit["IN_B"] {data = "gB", subset = #sdfg.range<i>}
    }
    sdfg.memlet %gA -> %e["IN_A"] {data = "gA", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_B"] -> %gB {data = "gB", subset = #sdfg.range<0:N>}
    sdfg.memlet %gB -> %B {data = "gB", subset = #sdfg.range<0:N>}
  }
  %st = sdfg.state "t" {
    %gB = sdfg.access "gB"
    %gS = sdfg.access "gS"
    %S = sdfg.access "S"
    %e, %x = sdfg.map "total" ["i"] = 0:N attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_S}, exit_outs = {OUT_S}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "s = b", ins = {b}, outs = {s}}
      sdfg.memlet %entry["OUT_B"] -> %k["b"] {data = "gB", subset = #sdfg.range<i>}
      sdfg.memlet %k["s"] -> %exit["IN_S"] {data = "gS", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: (a + b))">}
    }
    sdfg.memlet %gB -> %e["IN_B"] {data = "gB", subset = #sdfg.range<0:N>}
    sdfg.memlet %x["OUT_S"] -> %gS {data = "gS", subset = #sdfg.range<0>, wcr = #sdfg.wcr<Sum, "(lambda a, b: (a + b))">}
    sdfg.memlet %gS -> %S {data = "gS", subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %st
}
