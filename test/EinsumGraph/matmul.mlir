// RUN: solar-opt --solar-einsum-graph %s | FileCheck %s --check-prefix=ATTR
// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null | FileCheck %s

// C[64x32] += A[64x16] * B[16x32], written as load C; mulf; addf; store C.

// The attribute (the contract other passes read; keys print sorted).
// ATTR: func.func @matmul
// ATTR-SAME: solar.einsum_graph = #solar.einsum_graph<{edges = [], exact = true, function = "matmul", nodes = [#solar.node<{
// ATTR-SAME: domain = "{ S0[m, n, k] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }"
// ATTR-SAME: equation = "MK,KN->MN"
// 64*32*16 = 32768 points, one mulf+addf into the reduction = 1 MAC each.
// ATTR-SAME: flops = 65536 : i64
// ATTR-SAME: mac = 32768 : i64
// ATTR-SAME: points = 32768 : i64, points_exact = true, reduction_dims = ["K"], reduction_op = "add"}>]
// ATTR-SAME: version = 1 : i64, warnings = 0 : i64}>

// CHECK:      "function": "matmul",
// Tensors: A is read only (input), C is read before it is written (inout).
// CHECK:      "name": "%arg0",
// CHECK:      "role": "input",
// CHECK:      "dtype": "f32",
// CHECK-NEXT: "element_bytes": 4,
// 64*16 floats = 1024 elements, 4096 bytes, all of them touched.
// CHECK:      "elements": 1024,
// CHECK-NEXT: "bytes": 4096,
// CHECK:      "footprint_elements": 1024,
// CHECK-NEXT: "footprint_bytes": 4096,
// CHECK-NEXT: "footprint_exact": true,
// CHECK:      "name": "%arg1",
// CHECK:      "role": "input",
// 16*32 = 512 elements, 2048 bytes.
// CHECK:      "footprint_elements": 512,
// CHECK-NEXT: "footprint_bytes": 2048,
// CHECK:      "name": "%arg2",
// CHECK:      "role": "inout",
// 64*32 = 2048 elements read and written, 8192 bytes.
// CHECK:      "footprint_elements": 2048,
// CHECK-NEXT: "footprint_bytes": 8192,
// CHECK-NEXT: "footprint_exact": true,
// CHECK-NEXT: "read_elements": 2048,
// CHECK-NEXT: "write_elements": 2048
// CHECK:      "nodes": [
// CHECK:      "loc": "{{.*}}matmul.mlir:[[# @LINE + 50]]:9",
// CHECK-NEXT: "equation": "MK,KN->MN",
// CHECK-NEXT: "domain": "{ S0[m, n, k] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }",
// CHECK-NEXT: "points": 32768,
// CHECK-NEXT: "points_exact": true,
// CHECK:      "label": "M",
// CHECK-NEXT: "reduction": false,
// CHECK:      "label": "N",
// CHECK-NEXT: "reduction": false,
// CHECK:      "label": "K",
// CHECK-NEXT: "reduction": true,
// CHECK:      "reduction_op": "add",
// The write, the accumulator read of C, then A and B with their footprints.
// CHECK:      "kind": "write",
// CHECK-NEXT: "role": "output",
// CHECK-NEXT: "map": "{ S0[m, n, k] -> arg2[m, n] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }",
// CHECK:      "footprint_elements": 2048,
// CHECK:      "role": "accumulator",
// CHECK:      "map": "{ S0[m, n, k] -> arg0[m, k] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }",
// CHECK:      "footprint_elements": 1024,
// CHECK:      "map": "{ S0[m, n, k] -> arg1[k, n] : 0 <= m <= 63 and 0 <= n <= 31 and 0 <= k <= 15 }",
// CHECK:      "footprint_elements": 512,
// CHECK:      "ops_per_point": {
// CHECK-NEXT:   "mac": 1,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// CHECK:      "ops": {
// CHECK-NEXT:   "mac": 32768,
// CHECK-NEXT:   "add": 0,
// CHECK-NEXT:   "mul": 0,
// flops = 2 * 32768 MACs.
// CHECK:      "flops": 65536,
// CHECK-NEXT: "dtype": "f32",
// CHECK-NEXT: "exact": true
// CHECK:      "edges": [],
// CHECK:      "totals": {
// CHECK-NEXT:   "mac": 32768,
// CHECK:        "flops": 65536
// CHECK:      "exact": true,
// CHECK-NEXT: "warnings": 0

func.func @matmul(%A: memref<64x16xf32>, %B: memref<16x32xf32>, %C: memref<64x32xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<64x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %c = affine.load %C[%i, %j] : memref<64x32xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x32xf32>
      }
    }
  }
  return
}
