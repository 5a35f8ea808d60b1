// RUN: sdfg-opt %s --split-input-file --verify-diagnostics
// Instrumentation in the IR (src/ir/instrument.rs): a member DaCe does not
// have, or one of the other enum, is a parse error; instrumentation kept in
// `extra` (the spelling of earlier versions) is an error at the op.

sdfg.sdfg "f" [] {
  // expected-error@+2 {{expected ::sdfg::Instrumentation to be one of: No_Instrumentation, Timer, PAPI_Counters, LIKWID_CPU, LIKWID_GPU, GPU_Events, FPGA}}
  // expected-error@+1 {{failed to parse SDFG_InstrumentAttr parameter 'value'}}
  %s = sdfg.state "s" attributes {instrument = #sdfg.instrument<GPU_TX_MARKERS>} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'instrument' failed to satisfy constraint: how an access node's data is instrumented (DaCe's DataInstrumentationType)}}
    %a = sdfg.access "A" {instrument = #sdfg.instrument<Timer>}
  }
}

// -----

sdfg.sdfg "f" [] {
  %s = sdfg.state "s" {
    // expected-error@+1 {{attribute 'instrument' failed to satisfy constraint: how an element is instrumented (DaCe's InstrumentationType)}}
    %t = sdfg.tasklet "t" {code = "x = 1", outs = {x}, instrument = #sdfg.data_instrument<Save>}
  }
}

// -----

sdfg.sdfg "f" [] {
  // expected-error@+1 {{instrumentation is written 'instrument = #sdfg.instrument<...>', not as a key of 'extra'}}
  %s = sdfg.state "s" attributes {extra = "{\"instrument\": \"Timer\"}"} {
  }
}

// -----

sdfg.sdfg "f" [] {
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<4>, transient}
  %s = sdfg.state "s" {
    // expected-error@+1 {{instrumentation is written 'instrument = #sdfg.data_instrument<...>', not as a key of 'extra'}}
    %a = sdfg.access "A" {extra = "{\"instrument\": \"Save\"}"}
  }
}
