// float64 exp, log, log2, log10, log1p, expm1, pow, tanh, sinh and cosh in
// Vulkan kernels, which GLSL has for 32-bit floats only, are built from
// exact operations (lowering/gpu/f64_math.rs), with float arithmetic
// decorated NoContraction (no driver reassociation). Over float64's whole
// range, specials included, they match the CPU path's libm within the
// default float64 tolerance (rtol 1e-9).
// RUN: python3 %inputs/f64-math-npz.py %t-in.npz
// RUN: sdfg-run %s --inputs %t-in.npz -o %t-cpu.npz
// RUN: sdfg-opt %s --sdfg-gpu-transform -o %t.gpu.mlir
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %t-in.npz --expected %t-cpu.npz 2>&1 | FileCheck %s
// CHECK: 6 outputs match
// RUN: sdfg-run --emit spirv %t.gpu.mlir | FileCheck %s --check-prefix=SPIRV
// SPIRV-NOT: GL.Exp
// SPIRV-NOT: GL.Log
// SPIRV: spirv.FAdd {{.*}} {no_contraction} : f64
// RUN: sdfg-run --emit spirv %t.gpu.mlir | python3 %inputs/validate-spirv.py | FileCheck %s --check-prefix=VALID
// VALID: kernel_f: valid
// The trigonometric functions stay refused on float64:
// RUN: sed 's/math.tanh(a)/math.sin(a)/' %s > %t-sin.mlir
// RUN: sdfg-opt %t-sin.mlir --sdfg-gpu-transform -o %t-sin.gpu.mlir
// RUN: not sdfg-run --emit spirv %t-sin.gpu.mlir 2>&1 | FileCheck %s --check-prefix=SIN
// SIN: error: {{.*}}`math.sin` on float64 in a GPU kernel: Vulkan (GLSL) has it for 16- and 32-bit floats only
sdfg.sdfg "f64_math" ["A", "B", "E", "L", "P", "H"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "L" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "P" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "H" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %E = sdfg.access "E"
    %L = sdfg.access "L"
    %P = sdfg.access "P"
    %H = sdfg.access "H"
    %en, %ex = sdfg.map "f" ["i"] = 0:N attributes {ins = {IN_A, IN_B}, outs = {OUT_A, OUT_B}, exit_ins = {IN_E, IN_L, IN_P, IN_H}, exit_outs = {OUT_E, OUT_L, OUT_P, OUT_H}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "e = math.exp(a) + math.expm1(a * 1e-3)\nl = math.log(a) + math.log2(a) + math.log10(a) + math.log1p(a)\np = a ** b\nh = math.tanh(a) + math.sinh(b * a) + math.cosh(b)", ins = {a, b}, outs = {e, l, p, h}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_B"] -> %k["b"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %k["e"] -> %exit["IN_E"] {data = "E", subset = #sdfg.range<i>}
      sdfg.memlet %k["l"] -> %exit["IN_L"] {data = "L", subset = #sdfg.range<i>}
      sdfg.memlet %k["p"] -> %exit["IN_P"] {data = "P", subset = #sdfg.range<i>}
      sdfg.memlet %k["h"] -> %exit["IN_H"] {data = "H", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %en["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %B -> %en["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_E"] -> %E {data = "E", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_L"] -> %L {data = "L", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_P"] -> %P {data = "P", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_H"] -> %H {data = "H", subset = #sdfg.range<0:N>}
  }
}
