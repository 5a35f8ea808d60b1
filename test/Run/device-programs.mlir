// A program that needs a GPU or an FPGA (a GPU or FPGA schedule, or a
// container in GPU or FPGA memory) never runs on the CPU in its place:
// without a usable GPU runtime it stops with an error naming the runtimes
// tried, exit 1, no output written; built without a GPU target it is
// refused at the element that needs the device.
// RUN: rm -f %t.npz
// RUN: env SDFG_CUDA_DRIVER=/nonexistent/libcuda.so.1 VK_ICD_FILENAMES=/nonexistent.json not sdfg-run %s -o %t.npz 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.npz
// CHECK: {{^}}[[FILE]]: error: no GPU runtime is usable: no CUDA device (cannot load /nonexistent/libcuda.so.1: {{.*}}); no Vulkan device: 
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: not sdfg-compile %s -o %t.dir 2>&1 | FileCheck %s -DFILE=%s --check-prefix=LIB
// LIB: {{^}}[[FILE]]:31:14: error: map 'add' runs on the GPU (GPU_Device): GPU programs run with a GPU runtime (--gpu-runtime), and a GPU program does not run on the CPU in its place
// RUN: env SDFG_CUDA_DRIVER=/nonexistent/libcuda.so.1 VK_ICD_FILENAMES=/nonexistent.json not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: vec_add.gpu.sdfg: error: no GPU runtime is usable: no CUDA device
// FPGA programs run in software emulation, and say so; on hardware only
// where Vitis and a board are there; sdfg-compile does not build them.
// RUN: sdfg-run %corpus/device/vec_add.fpga.sdfg --inputs %corpus/vec_add.npz --expected %corpus/vec_add.npz 2>&1 | FileCheck %s --check-prefix=FPGA
// FPGA: vec_add.fpga.sdfg: note: FPGA kernels run in software emulation on the CPU (--fpga-mode emulation)
// FPGA: 3 outputs match
// RUN: not sdfg-run %corpus/device/vec_add.fpga.sdfg --fpga-mode hardware --inputs %corpus/vec_add.npz -o %t.npz 2>&1 | FileCheck %s --check-prefix=HW
// HW: vec_add.fpga.sdfg: error: --fpga-mode hardware needs Vitis (v++ is not on PATH) and an FPGA board reached through XRT (the xocl driver is not loaded); use --fpga-mode emulation
// RUN: not test -e %t.npz
// RUN: not sdfg-compile %corpus/device/vec_add.fpga.sdfg -o %t.dir 2>&1 | FileCheck %s --check-prefix=FPGALIB
// FPGALIB: vec_add.fpga.sdfg:attributes._arrays.{{.*}}: error: {{.*}}is in FPGA memory (FPGA_Global): FPGA programs run in software emulation (sdfg-run) or as Vitis HLS C++ (sdfg-translate --emit-hls)
sdfg.sdfg "gpu_add" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %e, %x = sdfg.map "add" ["i"] = 0:7 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "t" {code = "b = a + 1", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:7>}
    sdfg.memlet %x["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:7>}
  }
}
