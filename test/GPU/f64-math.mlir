// float64 exp, log, log2, log10, log1p, expm1, pow, tanh, sinh, cosh, sin,
// cos, tan, atan, atan2, asin, acos, atanh, asinh and acosh in Vulkan
// kernels, which GLSL has for 32-bit floats only, are built from
// exact operations (lowering/gpu/f64_math.rs), with float arithmetic
// decorated NoContraction (no driver reassociation). Over float64's whole
// range, specials included, they match the CPU path's libm within the
// default float64 tolerance (rtol 1e-9); so do complex128 exp, log, sqrt,
// tanh, cos and pow (complex arithmetic becomes float64 math first; the
// selects of complex values that pow makes become selects of their parts).
// RUN: python3 %inputs/f64-math-npz.py %t-in.npz
// RUN: sdfg-run %s --inputs %t-in.npz -o %t-cpu.npz
// RUN: sdfg-opt %s --sdfg-gpu-transform -o %t.gpu.mlir
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %t-in.npz --expected %t-cpu.npz 2>&1 | FileCheck %s
// CHECK: 10 outputs match
// RUN: sdfg-run --emit spirv %t.gpu.mlir | FileCheck %s --check-prefix=SPIRV
// SPIRV-NOT: GL.Exp
// SPIRV-NOT: GL.Log
// SPIRV: spirv.FAdd {{.*}} {no_contraction} : f64
// RUN: sdfg-run --emit spirv %t.gpu.mlir | python3 %inputs/validate-spirv.py | FileCheck %s --check-prefix=VALID
// VALID: kernel_f: valid
// sin, cos and tan reduce their argument exactly up to 2^20 pi/2; beyond,
// the kernel stops with a message (A holds larger values):
// RUN: sed 's/math.tanh(a)/math.sin(a)/' %s > %t-sin.mlir
// RUN: sdfg-opt %t-sin.mlir --sdfg-gpu-transform -o %t-sin.gpu.mlir
// RUN: not sdfg-run %t-sin.gpu.mlir --gpu-runtime vulkan --inputs %t-in.npz 2>&1 | FileCheck %s --check-prefix=SIN
// SIN: error: sin of a float64 beyond +-1647099 in a Vulkan kernel: its argument reduction is exact only up to there{{.*}}(in GPU kernel 'kernel_f', for some thread)
// erf and cbrt stay refused on float64:
// RUN: sed 's/math.tanh(a)/math.erf(a)/' %s > %t-erf.mlir
// RUN: sdfg-opt %t-erf.mlir --sdfg-gpu-transform -o %t-erf.gpu.mlir
// RUN: not sdfg-run --emit spirv %t-erf.gpu.mlir 2>&1 | FileCheck %s --check-prefix=ERF
// ERF: error: {{.*}}`math.erf` on float64 in a GPU kernel: Vulkan (GLSL) has it for 16- and 32-bit floats only
sdfg.sdfg "f64_math" ["A", "B", "E", "L", "P", "H", "T", "Q", "Z", "W"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int64>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "E" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "L" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "P" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "H" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "T" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "Q" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "Z" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  sdfg.array "W" {dtype = #sdfg.dtype<complex128>, shape = #sdfg.exprs<N>}
  %s = sdfg.state "s" {
    %A = sdfg.access "A"
    %B = sdfg.access "B"
    %E = sdfg.access "E"
    %L = sdfg.access "L"
    %P = sdfg.access "P"
    %H = sdfg.access "H"
    %T = sdfg.access "T"
    %Q = sdfg.access "Q"
    %Z = sdfg.access "Z"
    %W = sdfg.access "W"
    %en, %ex = sdfg.map "f" ["i"] = 0:N attributes {ins = {IN_A, IN_B, IN_Z}, outs = {OUT_A, OUT_B, OUT_Z}, exit_ins = {IN_E, IN_L, IN_P, IN_H, IN_T, IN_Q, IN_W}, exit_outs = {OUT_E, OUT_L, OUT_P, OUT_H, OUT_T, OUT_Q, OUT_W}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %k = sdfg.tasklet "k" {code = "e = math.exp(a) + math.expm1(a * 1e-3)\nl = math.log(a) + math.log2(a) + math.log10(a) + math.log1p(a)\np = a ** b\nh = math.tanh(a) + math.sinh(b * a) + math.cosh(b)\nt = math.atan(a) + math.atan2(a, b) + math.asinh(a) + math.sin(b * 1000.0) + math.cos(b) + math.tan(b)\nq = math.asin(b * 0.25) + math.acos(b * 0.25) + math.atanh(b * 0.25) + math.acosh(abs(a) + 1.0)\nw = exp(z * 0.1) + log(z) + sqrt(z) + tanh(z) + cos(z * 0.01) + z ** 2.5 + (z * 0.05) ** (z * 0.1)", ins = {a, b, z}, outs = {e, l, p, h, t, q, w}}
      sdfg.memlet %entry["OUT_A"] -> %k["a"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_B"] -> %k["b"] {data = "B", subset = #sdfg.range<i>}
      sdfg.memlet %entry["OUT_Z"] -> %k["z"] {data = "Z", subset = #sdfg.range<i>}
      sdfg.memlet %k["e"] -> %exit["IN_E"] {data = "E", subset = #sdfg.range<i>}
      sdfg.memlet %k["l"] -> %exit["IN_L"] {data = "L", subset = #sdfg.range<i>}
      sdfg.memlet %k["p"] -> %exit["IN_P"] {data = "P", subset = #sdfg.range<i>}
      sdfg.memlet %k["h"] -> %exit["IN_H"] {data = "H", subset = #sdfg.range<i>}
      sdfg.memlet %k["t"] -> %exit["IN_T"] {data = "T", subset = #sdfg.range<i>}
      sdfg.memlet %k["q"] -> %exit["IN_Q"] {data = "Q", subset = #sdfg.range<i>}
      sdfg.memlet %k["w"] -> %exit["IN_W"] {data = "W", subset = #sdfg.range<i>}
    }
    sdfg.memlet %A -> %en["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %B -> %en["IN_B"] {data = "B", subset = #sdfg.range<0:N>}
    sdfg.memlet %Z -> %en["IN_Z"] {data = "Z", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_E"] -> %E {data = "E", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_L"] -> %L {data = "L", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_P"] -> %P {data = "P", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_H"] -> %H {data = "H", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_T"] -> %T {data = "T", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_Q"] -> %Q {data = "Q", subset = #sdfg.range<0:N>}
    sdfg.memlet %ex["OUT_W"] -> %W {data = "W", subset = #sdfg.range<0:N>}
  }
}
