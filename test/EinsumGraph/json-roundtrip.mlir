// The attribute survives printing and parsing, and the JSON written from
// the parsed attribute equals the JSON of lifting the source directly.
// RUN: solar-opt --solar-einsum-graph %s -o %t.mlir
// RUN: solar-opt %t.mlir --solar-dump-einsum-graph='{format=json output=%t.attr.json}' -o /dev/null
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-dump-einsum-graph{format=json output=%t.lift.json})' -o /dev/null
// RUN: diff %t.attr.json %t.lift.json
// The JSON parses and has the documented top level.
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); g=d['graphs']; print(d['version'], len(g), [x['function'] for x in g], [len(x['nodes']) for x in g], [len(x['edges']) for x in g])" %t.attr.json | FileCheck %s --check-prefix=TOP
// TOP: 1 2 ['chain', 'symbolic'] [2, 1] [1, 0]
// RUN: FileCheck %s < %t.attr.json
// Output "-" (the default) is stdout.
// RUN: solar-opt %t.mlir --solar-dump-einsum-graph=json -o /dev/null | FileCheck %s

// CHECK:      "function": "chain",
// CHECK:      "edges": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "producer": 0,
// CHECK-NEXT:     "consumer": 1,
// CHECK-NEXT:     "tensor": 2,
// CHECK-NEXT:     "relation": "{ S0[m] -> S1[m' = m] : 0 <= m <= 15 }",
// CHECK-NEXT:     "elements": 16,
// CHECK-NEXT:     "elements_exact": true
// CHECK:      "function": "symbolic",
// CHECK:      "points": null,
// CHECK-NEXT: "points_expr": "[arg1] -> { arg1 : arg1 > 0 }",

func.func @chain(%A: memref<16xf32>, %B: memref<16xf32>) {
  %T = memref.alloca() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %e = math.exp %a : f32
    affine.store %e, %T[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %t = affine.load %T[%i] : memref<16xf32>
    %s = math.sqrt %t : f32
    affine.store %s, %B[%i] : memref<16xf32>
  }
  return
}

func.func @symbolic(%A: memref<?xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.store %one, %A[%i] : memref<?xf32>
  }
  return
}
