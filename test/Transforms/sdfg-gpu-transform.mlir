// sdfg-gpu-transform (DaCe's GPUTransformSDFG): GPU copies of the arrays
// with copy states around the program, top-level maps as GPU kernels
// (inner maps sequential), top-level tasklets on GPU memory in
// one-iteration kernels, transients in GPU memory.
// RUN: sdfg-opt %s --split-input-file --sdfg-gpu-transform | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-gpu-transform | FileCheck %s --check-prefix=MATCHES
// RUN: sdfg-opt %s --split-input-file --sdfg-gpu-transform='sequential-innermaps=0 toplevel-trans=0' | FileCheck %s --check-prefix=OPTIONS
// RUN: not sdfg-opt %s --split-input-file --sdfg-gpu-transform='toplevel-trans=2' 2>&1 | FileCheck %s --check-prefix=BADOPT

// A scalar a kernel writes and the host's control code reads (here a
// branch condition): kernels use a GPU copy, copied back to the host
// scalar in the state that writes it.
// RUN: sdfg-translate --import-sdfg %corpus/loop_branch.cfg.sdfg -o %t.branch.mlir
// RUN: sdfg-opt %t.branch.mlir --sdfg-auto-optimize='device=gpu' | FileCheck %s --check-prefix=BACK
// BACK: sdfg.scalar "gpu___tmp2" {{.*}}storage = #sdfg.storage<GPU_Global>, transient}
// BACK: sdfg.memlet %_Mod__gpu_map_exit["OUT___out"] -> %gpu___tmp2 {data = "gpu___tmp2", subset = #sdfg.range<0>}
// BACK-NEXT: sdfg.memlet %gpu___tmp2 -> %__tmp2 {data = "gpu___tmp2", is_data_src = true, other_subset = #sdfg.range<0>, subset = #sdfg.range<0>}

// Transients that live in one kernel become its threads' registers
// (DaCe's register_trans); register-transients=0 leaves them in GPU memory.
// RUN: sdfg-translate --import-sdfg %corpus/strided_map.simplified.sdfg -o %t.strided.mlir
// RUN: sdfg-opt %t.strided.mlir --sdfg-gpu-transform | FileCheck %s --check-prefix=REGISTER
// RUN: sdfg-opt %t.strided.mlir --sdfg-gpu-transform='register-transients=0' | FileCheck %s --check-prefix=NOREGISTER
// REGISTER: sdfg.scalar "__tmp1" {{.*}}storage = #sdfg.storage<Register>, transient}
// NOREGISTER: sdfg.scalar "__tmp1" {{.*}}storage = #sdfg.storage<GPU_Global>, transient}
// RUN: sdfg-opt %t.strided.mlir --sdfg-gpu-transform -o %t.strided.gpu.mlir
// RUN: sdfg-run %t.strided.gpu.mlir --gpu-runtime vulkan --inputs %corpus/strided_map.npz --expected %corpus/strided_map.npz --manifest %corpus/strided_map.json 2>&1 | FileCheck %s --check-prefix=RUNS
// RUNS: outputs match

// A reference set to arrays that move is in GPU memory too.
// RUN: sdfg-translate --import-sdfg %corpus/reference_api.api.sdfg -o %t.ref.mlir
// RUN: sdfg-opt %t.ref.mlir --sdfg-gpu-transform | FileCheck %s --check-prefix=REF
// REF: sdfg.reference "ref" {{.*}}storage = #sdfg.storage<GPU_Global>, transient}

// MATCHES: 0: the whole SDFG (arrays A, B, T)
// MATCHES: sdfg-gpu-transform: no matches

// CHECK-LABEL: sdfg.sdfg "scale"
// CHECK: sdfg.array "T" {{.*}}storage = #sdfg.storage<GPU_Global>, transient}
// CHECK: sdfg.array "gpu_A" {{.*}}shape = #sdfg.exprs<N, 4>, storage = #sdfg.storage<GPU_Global>, transient}
// CHECK: sdfg.array "gpu_B" {{.*}}storage = #sdfg.storage<GPU_Global>, transient}
// CHECK: %s = sdfg.state "s"
// CHECK: sdfg.map "outer" ["i"] = 0:N {{.*}}schedule = #sdfg.schedule<GPU_Device>
// CHECK: sdfg.map "inner" ["j"] = 0:4 {{.*}}schedule = #sdfg.schedule<Sequential>
// CHECK: sdfg.memlet %{{.*}}["OUT_A"] -> %twice["x"] {data = "gpu_A", subset = #sdfg.range<i, j>}
// CHECK: %last = sdfg.state "last"
// CHECK: sdfg.map "first_gpu_map" ["__gpu_i"] = 0 {{.*}}schedule = #sdfg.schedule<GPU_Device>
// CHECK: sdfg.tasklet "first"
// CHECK: sdfg.memlet %first["y"] -> %exit["IN_y"] {data = "gpu_B", subset = #sdfg.range<0, 0>}
// CHECK: %scale_copyin = sdfg.state "scale_copyin"
// CHECK: sdfg.memlet %A -> %gpu_A {data = "A", is_data_src = true, other_subset = #sdfg.range<0:N, 0:4>, subset = #sdfg.range<0:N, 0:4>}
// CHECK: %scale_copyout = sdfg.state "scale_copyout"
// CHECK-NEXT: %gpu_B = sdfg.access "gpu_B"
// CHECK-NEXT: %B = sdfg.access "B"
// CHECK-NEXT: sdfg.memlet %gpu_B -> %B {data = "gpu_B", is_data_src = true, {{.*}}}
// CHECK-NEXT: }
// CHECK: sdfg.edge %scale_copyin -> %s
// CHECK: sdfg.edge %last -> %scale_copyout

// OPTIONS: sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>, transient}
// OPTIONS: sdfg.map "inner" ["j"] = 0:4 attributes {exit_ins = {IN_T}, exit_outs = {OUT_T}, ins = {IN_A}, outs = {OUT_A}} {

// BADOPT: sdfg-gpu-transform: option toplevel-trans=2: give 0 or 1
sdfg.sdfg "scale" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>, transient}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %T = sdfg.access "T"
    %me, %mx = sdfg.map "outer" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %ie, %ix = sdfg.map "inner" ["j"] = 0:4 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_T}, exit_outs = {OUT_T}} {
      ^bb0(%e2: !sdfg.node, %x2: !sdfg.node):
        %t = sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x}, outs = {y}}
        sdfg.memlet %e2["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i, j>}
        sdfg.memlet %t["y"] -> %x2["IN_T"] {data = "T", subset = #sdfg.range<i, j>}
      }
      sdfg.memlet %entry["OUT_A"] -> %ie["IN_A"] {data = "A", subset = #sdfg.range<i, 0:4>}
      sdfg.memlet %ix["OUT_T"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i, 0:4>}
    }
    sdfg.memlet %A -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N, 0:4>}
    sdfg.memlet %mx["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N, 0:4>}
  }
  %s2 = sdfg.state "last" {
    %T = sdfg.access "T"
    %B = sdfg.access "B"
    %t = sdfg.tasklet "first" {code = "y = x + 1", ins = {x}, outs = {y}}
    sdfg.memlet %T -> %t["x"] {data = "T", subset = #sdfg.range<0, 0>}
    sdfg.memlet %t["y"] -> %B {data = "B", subset = #sdfg.range<0, 0>}
  }
  sdfg.edge %s -> %s2
}

// -----

// Already on the GPU: nothing to do.
// CHECK-LABEL: sdfg.sdfg "done"
// CHECK-NOT: gpu_
sdfg.sdfg "done" ["A", "B"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, storage = #sdfg.storage<GPU_Global>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    sdfg.memlet %A -> %B {data = "A", subset = #sdfg.range<0:4>}
  }
}

// -----

// DaCe's GPU recipe: the CPU recipe's steps, then the GPU transform (the
// fused maps' intermediate in the thread's registers), GPU arrays
// allocated once (Persistent).
// RUN: sdfg-opt %s --split-input-file --sdfg-auto-optimize='device=gpu' | FileCheck %s --check-prefix=AUTO
// AUTO-LABEL: sdfg.sdfg "chain"
// AUTO: sdfg.scalar "B" {{.*}}storage = #sdfg.storage<Register>, {{.*}}transient}
// AUTO: sdfg.array "gpu_A" {{.*}}lifetime = #sdfg.lifetime<Persistent>, {{.*}}storage = #sdfg.storage<GPU_Global>, transient}
// AUTO: sdfg.map {{.*}}schedule = #sdfg.schedule<GPU_Device>
// AUTO-NOT: sdfg.map
// AUTO: sdfg.state "chain_copyin"
// AUTO: sdfg.state "chain_copyout"
// CHECK-LABEL: sdfg.sdfg "chain"
sdfg.sdfg "chain" ["A", "C"] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>, transient}
  sdfg.array "C" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<8>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %C = sdfg.access "C"
    %e1, %x1 = sdfg.map "first" ["i"] = 0:8 attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "double" {code = "b = 2 * a", ins = {a}, outs = {b}}
      sdfg.memlet %entry["OUT_A"] -> %t["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["b"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i>}
    }
    %e2, %x2 = sdfg.map "second" ["i"] = 0:8 attributes {ins = {IN_B}, outs = {OUT_B}, exit_ins = {IN_C}, exit_outs = {OUT_C}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "inc" {code = "c = b + 1", ins = {b}, outs = {c}}
      sdfg.memlet %entry["OUT_B"] -> %t["b"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %t["c"] -> %exit["IN_C"] {data = "C", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %e1["IN_A"] {data = "A", subset = #sdfg.range<0:8>}
    sdfg.memlet %x1["OUT_B"] -> %B {data = "B", subset = #sdfg.range<0:8>}
    sdfg.memlet %B -> %e2["IN_B"] {data = "B", subset = #sdfg.range<0:8>}
    sdfg.memlet %x2["OUT_C"] -> %C {data = "C", subset = #sdfg.range<0:8>}
  }
}
