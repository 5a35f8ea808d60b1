// Vulkan: kernels as SPIR-V (every argument a storage buffer: GPU arrays
// as runtime arrays of their element type, the launch's scalars together
// in one i64 buffer last), run on the machine's Vulkan device (Mesa's
// lavapipe in CI).

// RUN: sdfg-run --emit spirv %corpus/device/vec_add.gpu.sdfg | FileCheck %s --check-prefix=SPIRV
// SPIRV: // gpu.module @kernel__Add__map
// SPIRV: spirv.module @__spv__kernel__Add__map Logical GLSL450
// SPIRV: spirv.GlobalVariable @kernel__Add__map_arg_0 bind(0, 0) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
// SPIRV: spirv.GlobalVariable @kernel__Add__map_arg_2 bind(0, 2) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f64, stride=8> [0])>, StorageBuffer>
// SPIRV: spirv.GlobalVariable @kernel__Add__map_arg_3 bind(0, 3) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<i64, stride=8> [0])>, StorageBuffer>
// SPIRV: spirv.FAdd {{.*}} : f64
// SPIRV: spirv.EntryPoint "GLCompute" @kernel__Add__map
// SPIRV: spirv.ExecutionMode @kernel__Add__map "LocalSize", 32, 1, 1

// The block size is the workgroup size.
// RUN: sdfg-run --emit spirv --gpu-block-size 64 %corpus/device/vec_add.gpu.sdfg | FileCheck %s --check-prefix=BLOCK
// BLOCK: spirv.ExecutionMode @kernel__Add__map "LocalSize", 64, 1, 1

// Running: the device is named, the outputs match DaCe's.
// RUN: sdfg-run %corpus/device/vec_add.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/vec_add.npz --expected %corpus/vec_add.npz --manifest %corpus/vec_add.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run %corpus/device/jacobi_2d.gpu_autoopt.sdfg --gpu-runtime vulkan --gpu-block-size 16,8 --inputs %corpus/jacobi_2d.npz --expected %corpus/jacobi_2d.npz --manifest %corpus/jacobi_2d.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run %corpus/device/dtypes_mix.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/dtypes_mix.npz --expected %corpus/dtypes_mix.npz --manifest %corpus/dtypes_mix.json 2>&1 | FileCheck %s --check-prefix=MATCH
// MATCH: note: running on
// MATCH: outputs match

// GLSL has no float64 erf (float64 exp, log, sin, ... are built:
// f64-math.mlir): refused at the tasklet, before anything runs.
// RUN: rm -f %t.npz
// RUN: sed 's/math.exp(a)/math.erf(a)/' %S/Inputs/exp.mlir > %t-erf.mlir
// RUN: not sdfg-run --gpu-runtime vulkan %t-erf.mlir -o %t.npz 2>&1 | FileCheck %s --check-prefix=ERF
// RUN: not test -e %t.npz
// ERF: erf.mlir:[[#]]:[[#]]: error: cannot compile: `math.erf` on float64 in a GPU kernel: Vulkan (GLSL) has it for 16- and 32-bit floats only

// SDFG_GPU_TIMING=1: each kernel's launches and device time (timestamps
// around each dispatch), at exit, as with CUDA.
// RUN: env SDFG_GPU_TIMING=1 sdfg-run %corpus/device/jacobi_2d.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/jacobi_2d.npz --symbol T=4 -o %t.npz 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: gpu-timing: device '{{.+}}'
// TIMING-DAG: gpu-timing: kernel__Add__map: 4 launches, {{[0-9]+\.[0-9]+}} ms
// TIMING-DAG: gpu-timing: kernel__Add__map_1: 4 launches, {{[0-9]+\.[0-9]+}} ms
// Ahead of time too: the library links the Vulkan runtime's archive.
// RUN: sdfg-run %corpus/device/vec_add.gpu.sdfg --gpu-runtime vulkan --engine aot --inputs %corpus/vec_add.npz --expected %corpus/vec_add.npz --manifest %corpus/vec_add.json 2>&1 | FileCheck %s --check-prefix=MATCH
// sdfg-compile builds a library that holds the SPIR-V and the runtime,
// which keeps its symbols to itself; a C program calls it and it runs on
// the Vulkan device it finds when first called (none: an error, exit 1).
// RUN: rm -rf %t.lib && mkdir %t.lib
// RUN: sdfg-compile %corpus/device/vec_add.gpu.sdfg --gpu-runtime vulkan -o %t.lib
// RUN: llvm-nm -D --defined-only %t.lib/libprogs_basic_vec_add.so | FileCheck %s --check-prefix=LIB
// LIB-NOT: mgpu
// LIB: T progs_basic_vec_add
// LIB-NOT: mgpu
// RUN: clang -I%t.lib %S/../Run/Inputs/vec_add_main.c -L%t.lib -lprogs_basic_vec_add -Wl,-rpath,%t.lib -o %t.lib/main
// RUN: %t.lib/main | FileCheck %s --check-prefix=CALL
// CALL: c[0] = 3
// CALL: c[7] = 24
// RUN: env VK_ICD_FILENAMES=/nonexistent.json not %t.lib/main 2>&1 | FileCheck %s --check-prefix=NODEVICE
// NODEVICE: error: Vulkan: vkCreateInstance failed: VK_ERROR_INCOMPATIBLE_DRIVER (-9)

// A CPU program through our own GPU transform: it runs on Vulkan and
// matches; its kernels also compile to PTX.
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.simplified.sdfg -o %t.mlir
// RUN: sdfg-opt %t.mlir --sdfg-gpu-transform -o %t.gpu.mlir
// RUN: sdfg-run %t.gpu.mlir --gpu-runtime vulkan --inputs %corpus/jacobi_2d.npz --expected %corpus/jacobi_2d.npz --manifest %corpus/jacobi_2d.json 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run --emit ptx %t.gpu.mlir | FileCheck %s --check-prefix=PTX
// PTX: .visible .entry kernel_

// A nested SDFG called inside a kernel is inlined; its private data and
// symbols become Function-class variables of each thread, its control
// flow structured SPIR-V.
// RUN: sdfg-run --emit spirv %corpus/device/nested_call.gpu_autoopt.sdfg | FileCheck %s --check-prefix=NESTED
// NESTED: spirv.func @kernel__Mult__map()
// NESTED-NOT: spirv.FunctionCall
// NESTED: spirv.Variable : !spirv.ptr<!spirv.struct<(!spirv.array<1 x f64>)>, Function>
// NESTED: spirv.mlir.loop
// RUN: sdfg-run %corpus/device/nested_call.gpu_autoopt.sdfg --gpu-runtime vulkan --inputs %corpus/nested_call.npz --expected %corpus/nested_call.npz --manifest %corpus/nested_call.json 2>&1 | FileCheck %s --check-prefix=MATCH

// A run-time check that fails in a kernel stops the program with the
// check's message and the kernel's name (the map runs one past the end).
// RUN: python3 %inputs/mutate-sdfg.py %corpus/device/vec_add.gpu.sdfg %t-oob.sdfg 'next(n for n in d["nodes"][0]["nodes"] if n["type"] == "MapEntry")["attributes"]["range"]["ranges"][0]["end"] = "N"' 'for e in d["nodes"][0]["edges"][3:]: e["attributes"]["data"]["attributes"]["dynamic"] = True'
// RUN: rm -f %t-oob.npz
// RUN: not sdfg-run %t-oob.sdfg --gpu-runtime vulkan --check-bounds --inputs %corpus/vec_add.npz -o %t-oob.npz 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: not test -e %t-oob.npz
// OOB: error: out-of-bounds access to 'gpu_{{a|b|c}}' (in GPU kernel 'kernel__Add__map', for some thread)

// A GPU array sized by a loop's variable is sized again by each state that
// uses it, and the program matches.
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/syrk.gpu.sdfg | FileCheck %s --check-prefix=REALLOC
// REALLOC: call @__sdfg_gpu_realloc
// RUN: sdfg-run %corpus/device/syrk.gpu.sdfg --gpu-runtime vulkan --inputs %corpus/syrk.npz --expected %corpus/syrk.npz --manifest %corpus/syrk.json 2>&1 | FileCheck %s --check-prefix=MATCH

// Vulkan grids stop at 65,535 workgroups on every axis: 3,000,000
// elements in blocks of 32 need 93,750 on x, so the threads stride.
// RUN: python3 %inputs/ramp-npz.py 3000000 %t-big.npz %t-big-expected.npz
// RUN: sdfg-run %corpus/device/vec_add.gpu.sdfg --gpu-runtime vulkan --symbol N=3000000 --inputs %t-big.npz --expected %t-big-expected.npz 2>&1 | FileCheck %s --check-prefix=MATCH
// RUN: sdfg-run --emit lowered --gpu-runtime vulkan %corpus/device/vec_add.gpu.sdfg | FileCheck %s --check-prefix=STRIDE
// STRIDE: arith.minsi %{{.*}}, %c65535_i64
// STRIDE: gpu.launch
// STRIDE: scf.for
