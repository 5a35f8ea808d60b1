// A schedule, storage or lifetime that DaCe's enums do not have is an import
// error at its JSON path; every one is reported, the exit status is 1 and no
// output is written.
// RUN: rm -rf %t %t.*
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.bad.sdfg 'a = d["attributes"]["_arrays"]["a"]["attributes"]; a["storage"] = "Disk"; a["lifetime"] = "Forever"' 'd["nodes"][1]["nodes"][0]["attributes"]["schedule"] = "GPU_Magic"'
// RUN: not sdfg-translate --import-sdfg %t.bad.sdfg -o %t.bad.out 2>&1 | FileCheck %s -DFILE=%t.bad.sdfg
// RUN: sh -c 'sdfg-translate --import-sdfg %t.bad.sdfg -o %t.bad.out 2>/dev/null; test $? -eq 1'
// RUN: test ! -e %t.bad.out
// CHECK-DAG: {{^}}[[FILE]]:attributes._arrays.a.attributes.storage: error: unknown storage `Disk` (not a member of dace.dtypes.StorageType)
// CHECK-DAG: {{^}}[[FILE]]:attributes._arrays.a.attributes.lifetime: error: unknown lifetime `Forever` (not a member of dace.dtypes.AllocationLifetime)
// CHECK-DAG: {{^}}[[FILE]]:nodes[1].nodes[0].attributes.schedule: error: unknown schedule `GPU_Magic` (not a member of dace.dtypes.ScheduleType)

// Names are case-sensitive, as in DaCe; consume scopes are checked too.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/consume_fib.simplified.sdfg %t.consume.sdfg 'd["nodes"][0]["nodes"][3]["attributes"]["schedule"] = "cpu_multicore"'
// RUN: not sdfg-translate --import-sdfg %t.consume.sdfg 2>&1 | FileCheck %s --check-prefix=CONSUME -DFILE=%t.consume.sdfg
// CONSUME: {{^}}[[FILE]]:nodes[0].nodes[3].attributes.schedule: error: unknown schedule `cpu_multicore`

// A non-default member of each enum comes in typed and goes back out with
// DaCe's spelling.
// RUN: python3 %inputs/mutate-sdfg.py %corpus/vec_add.minimal.sdfg %t.good.sdfg 'a = d["attributes"]["_arrays"]["__tmp0"]["attributes"]; a["storage"] = "CPU_Heap"; a["lifetime"] = "SDFG"' 'd["nodes"][1]["nodes"][0]["attributes"]["schedule"] = "CPU_Multicore"'
// RUN: sdfg-translate --import-sdfg %t.good.sdfg -o %t.good.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.good.mlir
// IR-DAG: storage = #sdfg.storage<CPU_Heap>
// IR-DAG: lifetime = #sdfg.lifetime<SDFG>
// IR-DAG: schedule = #sdfg.schedule<CPU_Multicore>
// RUN: sdfg-translate --export-sdfg %t.good.mlir -o %t.good.out.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.good.out.sdfg
// JSON-DAG: "storage": "CPU_Heap"
// JSON-DAG: "lifetime": "SDFG"
// JSON-DAG: "schedule": "CPU_Multicore"
