// A program DaCe 1.0.2 wrote with instrumentation on the SDFG, a state, a
// map, tasklets and access nodes (test/Inputs/instrument.sdfg): each
// `instrument` becomes a typed attribute, `symbol_instrument` stays in
// `extra`, and export writes them back, so import(export(import(f))) is
// import(f).
// RUN: sdfg-translate --import-sdfg %inputs/instrument.sdfg -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: sdfg-translate --export-sdfg %t.mlir -o %t.out.sdfg
// RUN: FileCheck %s --check-prefix=JSON < %t.out.sdfg
// RUN: sdfg-translate --import-sdfg %t.out.sdfg -o %t.again.mlir
// RUN: diff %t.mlir %t.again.mlir
// CHECK: sdfg.sdfg "f" ["A", "B"] attributes {instrument = #sdfg.instrument<LIKWID_CPU>}
// CHECK: sdfg.state "MapState" attributes {extra = "{\22symbol_instrument\22:\22Save\22}", instrument = #sdfg.instrument<PAPI_Counters>}
// CHECK: sdfg.map "f_4" {{.*}} instrument = #sdfg.instrument<Timer>
// CHECK: sdfg.tasklet "_Add_" {{.*}} instrument = #sdfg.instrument<GPU_Events>
// CHECK: sdfg.access "A" {instrument = #sdfg.data_instrument<Save>}
// JSON-DAG: "instrument": "LIKWID_CPU"
// JSON-DAG: "instrument": "PAPI_Counters"
// JSON-DAG: "symbol_instrument": "Save"
// JSON-DAG: "instrument": "Timer"
// JSON-DAG: "instrument": "GPU_Events"
// JSON-DAG: "instrument": "Save"

// An instrumentation DaCe 1.0.2 does not have, or one of the other enum, is
// an import error at its JSON path; every one is reported, the exit status
// is 1 and no output is written.
// RUN: python3 %inputs/mutate-sdfg.py %inputs/instrument.sdfg %t.bad.sdfg 'd["attributes"]["instrument"] = "GPU_TX_MARKERS"' 'd["nodes"][0]["attributes"]["symbol_instrument"] = "Timer"' 'd["nodes"][0]["nodes"][0]["attributes"]["instrument"] = "timer"' 'd["nodes"][0]["nodes"][2]["attributes"]["instrument"] = "Timer"' 'd["nodes"][0]["nodes"][4]["attributes"]["instrument"] = 3'
// RUN: not sdfg-translate --import-sdfg %t.bad.sdfg -o %t.bad.out 2>&1 | FileCheck %s --check-prefix=ERR -DFILE=%t.bad.sdfg
// RUN: sh -c 'sdfg-translate --import-sdfg %t.bad.sdfg -o %t.bad.out 2>/dev/null; test $? -eq 1'
// RUN: test ! -e %t.bad.out
// ERR-DAG: {{^}}[[FILE]]:attributes.instrument: error: unknown instrumentation `GPU_TX_MARKERS` (not a member of dace.dtypes.InstrumentationType)
// ERR-DAG: {{^}}[[FILE]]:nodes[0].attributes.symbol_instrument: error: unknown data instrumentation `Timer` (not a member of dace.dtypes.DataInstrumentationType)
// ERR-DAG: {{^}}[[FILE]]:nodes[0].nodes[0].attributes.instrument: error: unknown instrumentation `timer`
// ERR-DAG: {{^}}[[FILE]]:nodes[0].nodes[2].attributes.instrument: error: unknown data instrumentation `Timer`
// ERR-DAG: {{^}}[[FILE]]:nodes[0].nodes[4].attributes.instrument: error: expected a string
