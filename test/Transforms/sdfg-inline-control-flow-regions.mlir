// sdfg-inline-control-flow-regions: plain regions dissolve into the CFG around them.
// RUN: sdfg-opt %s --split-input-file --sdfg-inline-control-flow-regions | FileCheck %s
// RUN: sdfg-opt %s --split-input-file --sdfg-list-matches=sdfg-inline-control-flow-regions | FileCheck %s --check-prefix=MATCHES

// MATCHES: 0: region 'r'
// MATCHES: 0: region 'first'
// MATCHES-NEXT: 1: region 'inner'
// MATCHES: sdfg-inline-control-flow-regions: no matches
// MATCHES: sdfg-inline-control-flow-regions: no matches

// A region between two states: the edge in goes to its start block, the
// edge out leaves from its sink, each keeping condition and assignments.
// Its block "p" clashes with the state outside and is renamed.
// CHECK-LABEL: sdfg.sdfg "middle"
// CHECK-NOT: sdfg.region
// CHECK: %[[P:.*]] = sdfg.state "p" {
// CHECK: %[[P1:.*]] = sdfg.state "p_1" {
// CHECK: %[[B:.*]] = sdfg.state "b" {
// CHECK: %[[Q:.*]] = sdfg.state "q" {
// CHECK-DAG: sdfg.edge %[[P1]] -> %[[B]]{{$}}
// CHECK-DAG: sdfg.edge %[[P]] -> %[[P1]] {assignments = #sdfg.assign<k = 1>}
// CHECK-DAG: sdfg.edge %[[B]] -> %[[Q]] {condition = "k > 0"}
sdfg.sdfg "middle" ["X"] attributes {experimental_blocks} {
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  sdfg.array "X" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<1>}
  %p = sdfg.state "p" {
  }
  %r = sdfg.region "r" attributes {kind = "NamedRegion"} {
    %a = sdfg.state "p" {
    }
    %b = sdfg.state "b" {
      %t = sdfg.tasklet "one" {code = "o = 1.0", outs = {o}}
      %x = sdfg.access "X"
      sdfg.memlet %t["o"] -> %x {data = "X", subset = #sdfg.range<0>}
    }
    sdfg.edge %a -> %b
  }
  %q = sdfg.state "q" {
  }
  sdfg.edge %p -> %r {assignments = #sdfg.assign<k = 1>}
  sdfg.edge %r -> %q {condition = "k > 0"}
}

// -----

// The start region branches inside (complementary conditions) to two sinks:
// the edge out of it leaves from both. The nested region is dissolved too.
// CHECK-LABEL: sdfg.sdfg "branching"
// CHECK-NOT: sdfg.region
// CHECK: %[[C:.*]] = sdfg.state "c" {
// CHECK: %[[Y:.*]] = sdfg.state "yes" {
// CHECK: %[[N:.*]] = sdfg.state "no" {
// CHECK: %[[E:.*]] = sdfg.state "end" {
// CHECK-DAG: sdfg.edge %[[Y]] -> %[[E]] {assignments = #sdfg.assign<k = 2>}
// CHECK-DAG: sdfg.edge %[[N]] -> %[[E]] {assignments = #sdfg.assign<k = 2>}
// CHECK-DAG: sdfg.edge %[[C]] -> %[[Y]] {condition = "N > 0"}
// CHECK-DAG: sdfg.edge %[[C]] -> %[[N]] {condition = "not (N > 0)"}
sdfg.sdfg "branching" [] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int64>}
  %first = sdfg.region "first" attributes {kind = "ControlFlowRegion"} {
    %c = sdfg.state "c" {
    }
    %yes = sdfg.state "yes" {
    }
    %inner = sdfg.region "inner" attributes {kind = "ControlFlowRegion"} {
      %no = sdfg.state "no" {
      }
    }
    sdfg.edge %c -> %yes {condition = "N > 0"}
    sdfg.edge %c -> %inner {condition = "not (N > 0)"}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %first -> %end {assignments = #sdfg.assign<k = 2>}
}

// -----

// A Return block inside: kept.
// CHECK-LABEL: sdfg.sdfg "returning"
// CHECK: sdfg.region "r"
sdfg.sdfg "returning" [] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    %a = sdfg.state "a" {
    }
    %ret = sdfg.return "ret"
    %b = sdfg.state "b" {
    }
    sdfg.edge %a -> %ret {condition = "N > 0"}
    sdfg.edge %a -> %b {condition = "N <= 0"}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %r -> %end
}

// -----

// Block "a" may take no edge (N < 0): the region would end there and go
// on to "end", which the dissolved CFG would not do. Kept.
// CHECK-LABEL: sdfg.sdfg "may_stop"
// CHECK: sdfg.region "r"
sdfg.sdfg "may_stop" [] attributes {experimental_blocks} {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  %r = sdfg.region "r" attributes {kind = "ControlFlowRegion"} {
    %a = sdfg.state "a" {
    }
    %b = sdfg.state "b" {
    }
    sdfg.edge %a -> %b {condition = "N >= 0"}
  }
  %end = sdfg.state "end" {
  }
  sdfg.edge %r -> %end
}
