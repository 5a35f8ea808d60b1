// C++ tasklets in GPU kernels: a kernel calls no host function, so the
// code is read as tasklet statements (declarations, assignments, if/else,
// C's operators, casts, math calls) and compiled into the kernel.

// RUN: sdfg-run %corpus/device/cpp_tasklet.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/cpp_tasklet.npz --expected %corpus/cpp_tasklet.npz --manifest %corpus/cpp_tasklet.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run %corpus/device/cpp_tasklet.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/cpp_tasklet.npz --expected %corpus/cpp_tasklet.npz --manifest %corpus/cpp_tasklet.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: outputs match
// RUN: sdfg-run --emit ptx %corpus/device/cpp_tasklet.gpu.sdfg | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry
// PTX-NOT: .extern

// C's `/`: truncating on integers, exact on floats.
// RUN: sdfg-translate --import-sdfg %corpus/device/cpp_tasklet.gpu.sdfg -o %t.mlir
// RUN: sed -e 's|b = (a > 0.5) ? a \* a : -a;|int k = (int) a; int h = (k - 7) / 2; b = h + a / 2;|' %t.mlir > %t.div.mlir
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %t.div.mlir | FileCheck %s --check-prefix=DIV
// DIV: gpu.launch
// DIV: arith.fptosi {{.*}} : f64 to i32
// DIV: arith.divsi {{.*}} : i32
// DIV: arith.divf {{.*}} : f64

// Code outside the subset is refused at its place in the code.
// RUN: sed -e 's|b = (a > 0.5) ? a \* a : -a;|while (a > 0) { a -= 1; }|' %t.mlir > %t.loop.mlir
// RUN: not sdfg-run %t.loop.mlir --gpu-runtime vulkan --inputs %corpus/cpp_tasklet.npz 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: loop.mlir:[[#]]:[[#]]: error: cannot compile: {{.*}}C++ tasklet code in a GPU kernel 2:13: 'while' is not supported in C++ tasklet code on this target
