// GPU programs that cannot be built are refused before anything runs, at
// the element responsible (exit 1, no output).
// A kernel may not touch host memory, nor host code GPU memory:
// RUN: not sdfg-run --emit ptx %s 2>&1 | FileCheck %s -DFILE=%s
// CHECK: {{^}}[[FILE]]:[[#]]:[[#]]: error: in block 's': node 'reads_host': node 'k': the kernel of GPU map 'reads_host' accesses 'A', which is in host memory (Default); copy it to a GPU_Global container
// RUN: not sdfg-run --emit ptx %S/Inputs/host-reads-device.mlir 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: host-reads-device.mlir:[[#]]:[[#]]: error: in block 't': node 'host': host code accesses 'gA', which is in GPU memory (GPU_Global); only copies and GPU maps may use it
// Transcendental functions need CUDA's libdevice; without it they are refused:
// RUN: env SDFG_CUDA_LIBDEVICE=/nonexistent.bc not sdfg-run --emit ptx %S/Inputs/exp.mlir 2>&1 | FileCheck %s --check-prefix=EXP
// EXP: exp.mlir:[[#]]:[[#]]: error: `math.exp` in a GPU kernel needs CUDA's libdevice (libdevice.10.bc): SDFG_CUDA_LIBDEVICE names /nonexistent.bc, which is not a file
// RUN: env -u SDFG_CUDA_LIBDEVICE -u CUDA_HOME -u CUDA_PATH -u CUDA_ROOT VIRTUAL_ENV=/nonexistent not sdfg-run --emit ptx %S/Inputs/exp.mlir 2>&1 | FileCheck %s --check-prefix=NOCUDA
// NOCUDA: exp.mlir:[[#]]:[[#]]: error: `math.exp` in a GPU kernel needs CUDA's libdevice (libdevice.10.bc): it is not installed: install the CUDA toolkit (or the Python package nvidia-cuda-nvcc-cu12 in the active environment), or set SDFG_CUDA_LIBDEVICE to the file
// A block size over the limit is refused at the map:
// RUN: not sdfg-run --emit ptx %S/Inputs/big-block.mlir 2>&1 | FileCheck %s --check-prefix=BLOCK
// BLOCK: big-block.mlir:[[#]]:[[#]]: error: in block 's': node 'wide': gpu_block_size [64,32,1] of map 'wide' has more than 1024 threads per block
sdfg.sdfg "gpu_errors" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "gA" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, storage = #sdfg.storage<GPU_Global>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %gA = sdfg.access "gA"
    %e, %x = sdfg.map "reads_host" ["i"] = 0:8 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}, schedule = #sdfg.schedule<GPU_Device>} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "b = a", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %k["b"] -> %exit["IN_B"] {data = "gA", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e["IN_A"] {data = "A", subset = #sdfg.range<0:8>}
    sdfg.memlet %x["OUT_B"] -> %gA {data = "gA", subset = #sdfg.range<0:8>}
  }
  %st = sdfg.state "t" {
    %gA = sdfg.access "gA"
    %B = sdfg.access "B"
    %h = sdfg.tasklet "host" {code = "b = a", ins = {a}, outs = {b}}
    sdfg.memlet %gA -> %h["a"] {data = "gA", subset = #sdfg.range<0>}
    sdfg.memlet %h["b"] -> %B {data = "B", subset = #sdfg.range<0>}
  }
  sdfg.edge %s -> %st
}
