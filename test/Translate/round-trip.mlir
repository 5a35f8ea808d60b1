// Import -> export -> import gives the same IR, and exporting that again gives
// the same JSON, for corpus files covering every construct: maps, tasklets,
// copies, views, state machines, loops, conditionals, break/continue,
// function-call regions, nested SDFGs, streams and consume scopes, library
// nodes (also expanded, autoopt), references, constants, dynamic map ranges,
// minimal files and many dtypes.
// RUN: rm -rf %t %t.*
// RUN: sdfg-translate --import-sdfg %corpus/vec_add.simplified.sdfg > %t.vec_add-simplified.1.mlir
// RUN: sdfg-translate --export-sdfg %t.vec_add-simplified.1.mlir -o %t.vec_add-simplified.sdfg
// RUN: sdfg-translate --import-sdfg %t.vec_add-simplified.sdfg > %t.vec_add-simplified.2.mlir
// RUN: diff %t.vec_add-simplified.1.mlir %t.vec_add-simplified.2.mlir
// RUN: sdfg-translate --export-sdfg %t.vec_add-simplified.2.mlir -o %t.vec_add-simplified.2.sdfg
// RUN: diff %t.vec_add-simplified.sdfg %t.vec_add-simplified.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.frontend.sdfg > %t.jacobi_2d-frontend.1.mlir
// RUN: sdfg-translate --export-sdfg %t.jacobi_2d-frontend.1.mlir -o %t.jacobi_2d-frontend.sdfg
// RUN: sdfg-translate --import-sdfg %t.jacobi_2d-frontend.sdfg > %t.jacobi_2d-frontend.2.mlir
// RUN: diff %t.jacobi_2d-frontend.1.mlir %t.jacobi_2d-frontend.2.mlir
// RUN: sdfg-translate --export-sdfg %t.jacobi_2d-frontend.2.mlir -o %t.jacobi_2d-frontend.2.sdfg
// RUN: diff %t.jacobi_2d-frontend.sdfg %t.jacobi_2d-frontend.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/jacobi_2d.cfg.sdfg > %t.jacobi_2d-cfg.1.mlir
// RUN: sdfg-translate --export-sdfg %t.jacobi_2d-cfg.1.mlir -o %t.jacobi_2d-cfg.sdfg
// RUN: sdfg-translate --import-sdfg %t.jacobi_2d-cfg.sdfg > %t.jacobi_2d-cfg.2.mlir
// RUN: diff %t.jacobi_2d-cfg.1.mlir %t.jacobi_2d-cfg.2.mlir
// RUN: sdfg-translate --export-sdfg %t.jacobi_2d-cfg.2.mlir -o %t.jacobi_2d-cfg.2.sdfg
// RUN: diff %t.jacobi_2d-cfg.sdfg %t.jacobi_2d-cfg.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/break_continue.cfg.sdfg > %t.break_continue-cfg.1.mlir
// RUN: sdfg-translate --export-sdfg %t.break_continue-cfg.1.mlir -o %t.break_continue-cfg.sdfg
// RUN: sdfg-translate --import-sdfg %t.break_continue-cfg.sdfg > %t.break_continue-cfg.2.mlir
// RUN: diff %t.break_continue-cfg.1.mlir %t.break_continue-cfg.2.mlir
// RUN: sdfg-translate --export-sdfg %t.break_continue-cfg.2.mlir -o %t.break_continue-cfg.2.sdfg
// RUN: diff %t.break_continue-cfg.sdfg %t.break_continue-cfg.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/while_collatz.cfg.sdfg > %t.while_collatz-cfg.1.mlir
// RUN: sdfg-translate --export-sdfg %t.while_collatz-cfg.1.mlir -o %t.while_collatz-cfg.sdfg
// RUN: sdfg-translate --import-sdfg %t.while_collatz-cfg.sdfg > %t.while_collatz-cfg.2.mlir
// RUN: diff %t.while_collatz-cfg.1.mlir %t.while_collatz-cfg.2.mlir
// RUN: sdfg-translate --export-sdfg %t.while_collatz-cfg.2.mlir -o %t.while_collatz-cfg.2.sdfg
// RUN: diff %t.while_collatz-cfg.sdfg %t.while_collatz-cfg.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/loop_branch.cfg_simplified.sdfg > %t.loop_branch-cfg_simplified.1.mlir
// RUN: sdfg-translate --export-sdfg %t.loop_branch-cfg_simplified.1.mlir -o %t.loop_branch-cfg_simplified.sdfg
// RUN: sdfg-translate --import-sdfg %t.loop_branch-cfg_simplified.sdfg > %t.loop_branch-cfg_simplified.2.mlir
// RUN: diff %t.loop_branch-cfg_simplified.1.mlir %t.loop_branch-cfg_simplified.2.mlir
// RUN: sdfg-translate --export-sdfg %t.loop_branch-cfg_simplified.2.mlir -o %t.loop_branch-cfg_simplified.2.sdfg
// RUN: diff %t.loop_branch-cfg_simplified.sdfg %t.loop_branch-cfg_simplified.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/consume_fib.simplified.sdfg > %t.consume_fib-simplified.1.mlir
// RUN: sdfg-translate --export-sdfg %t.consume_fib-simplified.1.mlir -o %t.consume_fib-simplified.sdfg
// RUN: sdfg-translate --import-sdfg %t.consume_fib-simplified.sdfg > %t.consume_fib-simplified.2.mlir
// RUN: diff %t.consume_fib-simplified.1.mlir %t.consume_fib-simplified.2.mlir
// RUN: sdfg-translate --export-sdfg %t.consume_fib-simplified.2.mlir -o %t.consume_fib-simplified.2.sdfg
// RUN: diff %t.consume_fib-simplified.sdfg %t.consume_fib-simplified.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/filter_stream.minimal.sdfg > %t.filter_stream-minimal.1.mlir
// RUN: sdfg-translate --export-sdfg %t.filter_stream-minimal.1.mlir -o %t.filter_stream-minimal.sdfg
// RUN: sdfg-translate --import-sdfg %t.filter_stream-minimal.sdfg > %t.filter_stream-minimal.2.mlir
// RUN: diff %t.filter_stream-minimal.1.mlir %t.filter_stream-minimal.2.mlir
// RUN: sdfg-translate --export-sdfg %t.filter_stream-minimal.2.mlir -o %t.filter_stream-minimal.2.sdfg
// RUN: diff %t.filter_stream-minimal.sdfg %t.filter_stream-minimal.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/nested_call.cfg.sdfg > %t.nested_call-cfg.1.mlir
// RUN: sdfg-translate --export-sdfg %t.nested_call-cfg.1.mlir -o %t.nested_call-cfg.sdfg
// RUN: sdfg-translate --import-sdfg %t.nested_call-cfg.sdfg > %t.nested_call-cfg.2.mlir
// RUN: diff %t.nested_call-cfg.1.mlir %t.nested_call-cfg.2.mlir
// RUN: sdfg-translate --export-sdfg %t.nested_call-cfg.2.mlir -o %t.nested_call-cfg.2.sdfg
// RUN: diff %t.nested_call-cfg.sdfg %t.nested_call-cfg.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.simplified.sdfg > %t.reduce_sum-simplified.1.mlir
// RUN: sdfg-translate --export-sdfg %t.reduce_sum-simplified.1.mlir -o %t.reduce_sum-simplified.sdfg
// RUN: sdfg-translate --import-sdfg %t.reduce_sum-simplified.sdfg > %t.reduce_sum-simplified.2.mlir
// RUN: diff %t.reduce_sum-simplified.1.mlir %t.reduce_sum-simplified.2.mlir
// RUN: sdfg-translate --export-sdfg %t.reduce_sum-simplified.2.mlir -o %t.reduce_sum-simplified.2.sdfg
// RUN: diff %t.reduce_sum-simplified.sdfg %t.reduce_sum-simplified.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/reduce_sum.autoopt.sdfg > %t.reduce_sum-autoopt.1.mlir
// RUN: sdfg-translate --export-sdfg %t.reduce_sum-autoopt.1.mlir -o %t.reduce_sum-autoopt.sdfg
// RUN: sdfg-translate --import-sdfg %t.reduce_sum-autoopt.sdfg > %t.reduce_sum-autoopt.2.mlir
// RUN: diff %t.reduce_sum-autoopt.1.mlir %t.reduce_sum-autoopt.2.mlir
// RUN: sdfg-translate --export-sdfg %t.reduce_sum-autoopt.2.mlir -o %t.reduce_sum-autoopt.2.sdfg
// RUN: diff %t.reduce_sum-autoopt.sdfg %t.reduce_sum-autoopt.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/matmul_np.autoopt.sdfg > %t.matmul_np-autoopt.1.mlir
// RUN: sdfg-translate --export-sdfg %t.matmul_np-autoopt.1.mlir -o %t.matmul_np-autoopt.sdfg
// RUN: sdfg-translate --import-sdfg %t.matmul_np-autoopt.sdfg > %t.matmul_np-autoopt.2.mlir
// RUN: diff %t.matmul_np-autoopt.1.mlir %t.matmul_np-autoopt.2.mlir
// RUN: sdfg-translate --export-sdfg %t.matmul_np-autoopt.2.mlir -o %t.matmul_np-autoopt.2.sdfg
// RUN: diff %t.matmul_np-autoopt.sdfg %t.matmul_np-autoopt.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/spmv.simplified.sdfg > %t.spmv-simplified.1.mlir
// RUN: sdfg-translate --export-sdfg %t.spmv-simplified.1.mlir -o %t.spmv-simplified.sdfg
// RUN: sdfg-translate --import-sdfg %t.spmv-simplified.sdfg > %t.spmv-simplified.2.mlir
// RUN: diff %t.spmv-simplified.1.mlir %t.spmv-simplified.2.mlir
// RUN: sdfg-translate --export-sdfg %t.spmv-simplified.2.mlir -o %t.spmv-simplified.2.sdfg
// RUN: diff %t.spmv-simplified.sdfg %t.spmv-simplified.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/reference_api.api.sdfg > %t.reference_api-api.1.mlir
// RUN: sdfg-translate --export-sdfg %t.reference_api-api.1.mlir -o %t.reference_api-api.sdfg
// RUN: sdfg-translate --import-sdfg %t.reference_api-api.sdfg > %t.reference_api-api.2.mlir
// RUN: diff %t.reference_api-api.1.mlir %t.reference_api-api.2.mlir
// RUN: sdfg-translate --export-sdfg %t.reference_api-api.2.mlir -o %t.reference_api-api.2.sdfg
// RUN: diff %t.reference_api-api.sdfg %t.reference_api-api.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/constants_api.api.sdfg > %t.constants_api-api.1.mlir
// RUN: sdfg-translate --export-sdfg %t.constants_api-api.1.mlir -o %t.constants_api-api.sdfg
// RUN: sdfg-translate --import-sdfg %t.constants_api-api.sdfg > %t.constants_api-api.2.mlir
// RUN: diff %t.constants_api-api.1.mlir %t.constants_api-api.2.mlir
// RUN: sdfg-translate --export-sdfg %t.constants_api-api.2.mlir -o %t.constants_api-api.2.sdfg
// RUN: diff %t.constants_api-api.sdfg %t.constants_api-api.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/copy_offsets_api.minimal.sdfg > %t.copy_offsets_api-minimal.1.mlir
// RUN: sdfg-translate --export-sdfg %t.copy_offsets_api-minimal.1.mlir -o %t.copy_offsets_api-minimal.sdfg
// RUN: sdfg-translate --import-sdfg %t.copy_offsets_api-minimal.sdfg > %t.copy_offsets_api-minimal.2.mlir
// RUN: diff %t.copy_offsets_api-minimal.1.mlir %t.copy_offsets_api-minimal.2.mlir
// RUN: sdfg-translate --export-sdfg %t.copy_offsets_api-minimal.2.mlir -o %t.copy_offsets_api-minimal.2.sdfg
// RUN: diff %t.copy_offsets_api-minimal.sdfg %t.copy_offsets_api-minimal.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/dtypes_mix.frontend.sdfg > %t.dtypes_mix-frontend.1.mlir
// RUN: sdfg-translate --export-sdfg %t.dtypes_mix-frontend.1.mlir -o %t.dtypes_mix-frontend.sdfg
// RUN: sdfg-translate --import-sdfg %t.dtypes_mix-frontend.sdfg > %t.dtypes_mix-frontend.2.mlir
// RUN: diff %t.dtypes_mix-frontend.1.mlir %t.dtypes_mix-frontend.2.mlir
// RUN: sdfg-translate --export-sdfg %t.dtypes_mix-frontend.2.mlir -o %t.dtypes_mix-frontend.2.sdfg
// RUN: diff %t.dtypes_mix-frontend.sdfg %t.dtypes_mix-frontend.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/transpose_reshape.frontend.sdfg > %t.transpose_reshape-frontend.1.mlir
// RUN: sdfg-translate --export-sdfg %t.transpose_reshape-frontend.1.mlir -o %t.transpose_reshape-frontend.sdfg
// RUN: sdfg-translate --import-sdfg %t.transpose_reshape-frontend.sdfg > %t.transpose_reshape-frontend.2.mlir
// RUN: diff %t.transpose_reshape-frontend.1.mlir %t.transpose_reshape-frontend.2.mlir
// RUN: sdfg-translate --export-sdfg %t.transpose_reshape-frontend.2.mlir -o %t.transpose_reshape-frontend.2.sdfg
// RUN: diff %t.transpose_reshape-frontend.sdfg %t.transpose_reshape-frontend.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/cpp_tasklet.frontend.sdfg > %t.cpp_tasklet-frontend.1.mlir
// RUN: sdfg-translate --export-sdfg %t.cpp_tasklet-frontend.1.mlir -o %t.cpp_tasklet-frontend.sdfg
// RUN: sdfg-translate --import-sdfg %t.cpp_tasklet-frontend.sdfg > %t.cpp_tasklet-frontend.2.mlir
// RUN: diff %t.cpp_tasklet-frontend.1.mlir %t.cpp_tasklet-frontend.2.mlir
// RUN: sdfg-translate --export-sdfg %t.cpp_tasklet-frontend.2.mlir -o %t.cpp_tasklet-frontend.2.sdfg
// RUN: diff %t.cpp_tasklet-frontend.sdfg %t.cpp_tasklet-frontend.2.sdfg
// RUN: sdfg-translate --import-sdfg %corpus/histogram.autoopt.sdfg > %t.histogram-autoopt.1.mlir
// RUN: sdfg-translate --export-sdfg %t.histogram-autoopt.1.mlir -o %t.histogram-autoopt.sdfg
// RUN: sdfg-translate --import-sdfg %t.histogram-autoopt.sdfg > %t.histogram-autoopt.2.mlir
// RUN: diff %t.histogram-autoopt.1.mlir %t.histogram-autoopt.2.mlir
// RUN: sdfg-translate --export-sdfg %t.histogram-autoopt.2.mlir -o %t.histogram-autoopt.2.sdfg
// RUN: diff %t.histogram-autoopt.sdfg %t.histogram-autoopt.2.sdfg
//
// Every corpus file (the loop fails on the first file that does not round-trip).
// RUN: rm -rf %t.all && mkdir -p %t.all
// RUN: for f in %corpus/*.sdfg; do b=$(basename $f .sdfg); sdfg-translate --import-sdfg $f -o %t.all/$b.1.mlir && sdfg-translate --export-sdfg %t.all/$b.1.mlir -o %t.all/$b.sdfg && sdfg-translate --import-sdfg %t.all/$b.sdfg -o %t.all/$b.2.mlir && diff %t.all/$b.1.mlir %t.all/$b.2.mlir || { echo "round trip failed: $f"; exit 1; }; done
// RUN: ls %t.all/*.2.mlir | wc -l | FileCheck %s --check-prefix=COUNT
// COUNT: {{^ *[1-9][0-9]*$}}
//
// The exported file is DaCe JSON, not dialect text.
// RUN: FileCheck %s --input-file %t.vec_add-simplified.sdfg
// CHECK: "type": "SDFG",
// CHECK: "type": "MapEntry",
// CHECK: "dace_version": "1.0.2"
