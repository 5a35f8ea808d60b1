// A program that needs a GPU or an FPGA (a GPU or FPGA schedule, or a
// container in GPU or FPGA memory) is refused at that element, exit 1, no
// output written: it never runs on the CPU in its place.
// RUN: rm -f %t.npz
// RUN: not sdfg-run %s -o %t.npz 2>&1 | FileCheck %s -DFILE=%s
// RUN: not test -e %t.npz
// CHECK: {{^}}[[FILE]]:20:14: error: cannot compile: map 'add' runs on the GPU (GPU_Device): this build runs programs on the CPU only
// RUN: not sdfg-run --emit lowered %s 2>&1 | FileCheck %s -DFILE=%s --check-prefix=EMIT
// EMIT: {{^}}[[FILE]]:20:14: error: map 'add' runs on the GPU (GPU_Device)
// RUN: not sdfg-run %corpus/device/vec_add.gpu.sdfg --inputs %corpus/vec_add.npz 2>&1 | FileCheck %s --check-prefix=GPU
// GPU: vec_add.gpu.sdfg:attributes._arrays.{{.*}}: error: cannot compile: container '{{.*}}' is in GPU memory (GPU_Global)
// RUN: not sdfg-run %corpus/device/vec_add.fpga.sdfg --inputs %corpus/vec_add.npz 2>&1 | FileCheck %s --check-prefix=FPGA
// FPGA: vec_add.fpga.sdfg:attributes._arrays.{{.*}}: error: cannot compile: container '{{.*}}' is in FPGA memory (FPGA_Global)
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
