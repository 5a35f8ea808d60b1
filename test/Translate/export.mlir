// Export of a small hand-written SDFG to DaCe 1.0.2 JSON: the top-level keys,
// containers with derived strides/total_size, scope links of the map, memlet
// subsets as Ranges with inclusive ends, interstate edges with condition and
// assignments.
// RUN: rm -rf %t %t.*
// RUN: sdfg-translate --export-sdfg %s | FileCheck %s
// RUN: sdfg-translate --export-sdfg %s -o %t.sdfg
// RUN: FileCheck %s --input-file %t.sdfg
// The output is valid JSON with the fields DaCe needs.
// RUN: python3 -c "import json,sys; d=json.load(open(sys.argv[1])); s=d['nodes'][0]; assert d['type']=='SDFG' and d['start_block']==0 and d['cfg_list_id']==0; assert [n['type'] for n in s['nodes']]==['AccessNode','AccessNode','MapEntry','Tasklet','MapExit'], s['nodes']; assert s['scope_dict']=={'-1':[0,1,2],'2':[3,4]}, s['scope_dict']" %t.sdfg
// And it imports again.
// RUN: sdfg-translate --import-sdfg %t.sdfg | FileCheck %s --check-prefix=BACK

sdfg.sdfg "small" ["A", "B"] {
  sdfg.symbol "N" {dtype = #sdfg.dtype<int32>}
  sdfg.symbol "k" {dtype = #sdfg.dtype<int32>}
  sdfg.array "A" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N>}
  sdfg.array "B" {dtype = #sdfg.dtype<float64>, shape = #sdfg.exprs<N, 4>}
  %s0 = sdfg.state "compute" {
    %a = sdfg.access "A"
    %b = sdfg.access "B"
    %me, %mx = sdfg.map "m" ["i"] = 0:N attributes {ins = {IN_A}, outs = {OUT_A}, exit_ins = {IN_B}, exit_outs = {OUT_B}} {
    ^bb0(%entry: !sdfg.node, %exit: !sdfg.node):
      %t = sdfg.tasklet "twice" {code = "y = 2 * x", ins = {x}, outs = {y}}
      sdfg.memlet %entry["OUT_A"] -> %t["x"] {data = "A", subset = #sdfg.range<i>}
      sdfg.memlet %t["y"] -> %exit["IN_B"] {data = "B", subset = #sdfg.range<i, 1:3>}
    }
    sdfg.memlet %a -> %me["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
    sdfg.memlet %mx["OUT_B"] -> %b {data = "B", subset = #sdfg.range<0:N, 1:3>}
  }
  %s1 = sdfg.state "done" {
  }
  sdfg.edge %s0 -> %s1 {condition = "N > 0", assignments = #sdfg.assign<k = 1>}
}

// CHECK:      {
// CHECK-NEXT:   "type": "SDFG",
// CHECK-NEXT:   "attributes": {
// CHECK-NEXT:     "name": "small",
// CHECK-NEXT:     "arg_names": [
// CHECK-NEXT:       "A",
// CHECK-NEXT:       "B"
// CHECK-NEXT:     ],
// CHECK-NEXT:     "_arrays": {
// CHECK-NEXT:       "A": {
// CHECK-NEXT:         "type": "Array",
// CHECK-NEXT:         "attributes": {
// CHECK-NEXT:           "strides": [
// CHECK-NEXT:             "1"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "total_size": "N",
// CHECK:                "dtype": "float64",
// CHECK-NEXT:           "shape": [
// CHECK-NEXT:             "N"
// CHECK-NEXT:           ]
// C-order strides of a 2-D array are derived.
// CHECK:            "B": {
// CHECK-NEXT:         "type": "Array",
// CHECK-NEXT:         "attributes": {
// CHECK-NEXT:           "strides": [
// CHECK-NEXT:             "4",
// CHECK-NEXT:             "1"
// CHECK-NEXT:           ],
// CHECK-NEXT:           "total_size": "4*N",
// CHECK:          "symbols": {
// CHECK-NEXT:       "N": "int32",
// CHECK-NEXT:       "k": "int32"
// CHECK-NEXT:     },
// CHECK:        "nodes": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "SDFGState",
// CHECK-NEXT:       "label": "compute",
// CHECK-NEXT:       "id": 0,
// CHECK:            "scope_dict": {
// CHECK-NEXT:         "-1": [
// CHECK-NEXT:           0,
// CHECK-NEXT:           1,
// CHECK-NEXT:           2
// CHECK-NEXT:         ],
// CHECK-NEXT:         "2": [
// CHECK-NEXT:           3,
// CHECK-NEXT:           4
// CHECK-NEXT:         ]
// CHECK-NEXT:       },
// CHECK-NEXT:       "nodes": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "type": "AccessNode",
// CHECK-NEXT:           "label": "A",
// CHECK-NEXT:           "attributes": {
// CHECK-NEXT:             "data": "A"
// CHECK-NEXT:           },
// CHECK-NEXT:           "id": 0,
// CHECK-NEXT:           "scope_entry": null,
// CHECK-NEXT:           "scope_exit": null
// CHECK-NEXT:         },
// The map entry: its range end is inclusive (N - 1), its scope_exit is the exit's id.
// CHECK:                "type": "MapEntry",
// CHECK-NEXT:           "label": "m[i=0:N]",
// CHECK-NEXT:           "attributes": {
// CHECK-NEXT:             "label": "m",
// CHECK-NEXT:             "params": [
// CHECK-NEXT:               "i"
// CHECK-NEXT:             ],
// CHECK-NEXT:             "range": {
// CHECK-NEXT:               "type": "Range",
// CHECK-NEXT:               "ranges": [
// CHECK-NEXT:                 {
// CHECK-NEXT:                   "start": "0",
// CHECK-NEXT:                   "end": "N - 1",
// CHECK-NEXT:                   "step": "1",
// CHECK-NEXT:                   "tile": "1"
// CHECK-NEXT:                 }
// CHECK-NEXT:               ]
// CHECK-NEXT:             },
// CHECK:                "id": 2,
// CHECK-NEXT:           "scope_entry": null,
// CHECK-NEXT:           "scope_exit": "4"
// The tasklet inside the scope points to the entry and the exit.
// CHECK:                "type": "Tasklet",
// CHECK-NEXT:           "label": "twice",
// CHECK-NEXT:           "attributes": {
// CHECK-NEXT:             "code": {
// CHECK-NEXT:               "string_data": "y = 2 * x",
// CHECK-NEXT:               "language": "Python"
// CHECK-NEXT:             },
// CHECK:                "id": 3,
// CHECK-NEXT:           "scope_entry": "2",
// CHECK-NEXT:           "scope_exit": "4"
// CHECK:                "type": "MapExit",
// CHECK:                "id": 4,
// CHECK-NEXT:           "scope_entry": "2",
// CHECK-NEXT:           "scope_exit": "4"
// CHECK-NEXT:         }
// CHECK-NEXT:       ],
// CHECK-NEXT:       "edges": [
// CHECK-NEXT:         {
// CHECK-NEXT:           "type": "MultiConnectorEdge",
// CHECK-NEXT:           "attributes": {
// CHECK-NEXT:             "data": {
// CHECK-NEXT:               "type": "Memlet",
// CHECK-NEXT:               "attributes": {
// CHECK-NEXT:                 "volume": "1",
// A single index i is the range i..i (inclusive).
// CHECK-NEXT:                 "subset": {
// CHECK-NEXT:                   "type": "Range",
// CHECK-NEXT:                   "ranges": [
// CHECK-NEXT:                     {
// CHECK-NEXT:                       "start": "i",
// CHECK-NEXT:                       "end": "i",
// CHECK-NEXT:                       "step": "1",
// CHECK-NEXT:                       "tile": "1"
// CHECK-NEXT:                     }
// CHECK-NEXT:                   ]
// CHECK-NEXT:                 },
// CHECK-NEXT:                 "data": "A"
// CHECK-NEXT:               }
// CHECK-NEXT:             }
// CHECK-NEXT:           },
// CHECK-NEXT:           "src": "2",
// CHECK-NEXT:           "dst": "3",
// CHECK-NEXT:           "dst_connector": "x",
// CHECK-NEXT:           "src_connector": "OUT_A"
// CHECK-NEXT:         },
// The tasklet's output: i, 1:3 has 2 elements, the range 1:3 ends at 2.
// CHECK:                "volume": "2",
// CHECK-NEXT:           "subset": {
// CHECK-NEXT:             "type": "Range",
// CHECK-NEXT:             "ranges": [
// CHECK-NEXT:               {
// CHECK-NEXT:                 "start": "i",
// CHECK-NEXT:                 "end": "i",
// CHECK:                    {
// CHECK-NEXT:                 "start": "1",
// CHECK-NEXT:                 "end": "2",
// CHECK:                "src": "3",
// CHECK-NEXT:           "dst": "4",
// CHECK-NEXT:           "dst_connector": "IN_B",
// CHECK-NEXT:           "src_connector": "y"
// The outer memlet into the map: 0:N has N elements, ending at N - 1.
// CHECK:                "volume": "N",
// CHECK-NEXT:           "subset": {
// CHECK-NEXT:             "type": "Range",
// CHECK-NEXT:             "ranges": [
// CHECK-NEXT:               {
// CHECK-NEXT:                 "start": "0",
// CHECK-NEXT:                 "end": "N - 1",
// CHECK:                "src": "0",
// CHECK-NEXT:           "dst": "2",
// CHECK-NEXT:           "dst_connector": "IN_A",
// CHECK-NEXT:           "src_connector": null
// CHECK:                "volume": "2*N",
// CHECK:                "src": "4",
// CHECK-NEXT:           "dst": "1",
// CHECK-NEXT:           "dst_connector": null,
// CHECK-NEXT:           "src_connector": "OUT_B"
// CHECK:            "type": "SDFGState",
// CHECK-NEXT:       "label": "done",
// CHECK-NEXT:       "id": 1,
// The interstate edge.
// CHECK:        "edges": [{{$}}
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "Edge",
// CHECK-NEXT:       "attributes": {
// CHECK-NEXT:         "data": {
// CHECK-NEXT:           "type": "InterstateEdge",
// CHECK-NEXT:           "attributes": {
// CHECK-NEXT:             "assignments": {
// CHECK-NEXT:               "k": "1"
// CHECK-NEXT:             },
// CHECK-NEXT:             "condition": {
// CHECK-NEXT:               "string_data": "N > 0",
// CHECK-NEXT:               "language": "Python"
// CHECK-NEXT:             }
// CHECK-NEXT:           },
// CHECK:            "src": "0",
// CHECK-NEXT:       "dst": "1"
// CHECK-NEXT:     }
// CHECK-NEXT:   ],
// The trailing top-level keys.
// CHECK:        "cfg_list_id": 0,
// CHECK-NEXT:   "start_block": 0,
// CHECK-NEXT:   "dace_version": "1.0.2"
// CHECK-NEXT: }

// BACK-LABEL: sdfg.sdfg "small" ["A", "B"] {
// BACK:         sdfg.memlet %{{.*}}["y"] -> %{{.*}}["IN_B"] {data = "B", subset = #sdfg.range<i, 1:3>}
// BACK:         sdfg.memlet %{{.*}} -> %{{.*}}["IN_A"] {data = "A", subset = #sdfg.range<0:N>}
// BACK:         sdfg.edge %{{.*}} -> %{{.*}} {assignments = #sdfg.assign<k = 1>, condition = "N > 0"}
