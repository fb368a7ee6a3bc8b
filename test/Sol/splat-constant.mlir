// A constant global initialised with one repeated value (a dense splat,
// e.g. torch-mlir's materialised zeros or masks) is known when the kernel
// is compiled: it is an immediate operand, never DRAM traffic or on-chip
// room, at every fidelity. A constant table of distinct values is a weight
// and is read like one.
// RUN: solar-opt %s --solar-sol=%S/Inputs/round.yaml | FileCheck %s
// RUN: solar-opt %s --solar-einsum-graph | FileCheck %s --check-prefix=GRAPH

memref.global "private" constant @ones : memref<1024xf32> = dense<1.0>
memref.global "private" constant @steps : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// The splat's tensor says so; the table's does not.
// GRAPH-LABEL: func.func @splat
// GRAPH: constant = true, {{.*}}name = "@ones"{{.*}}splat = true
// GRAPH-LABEL: func.func @table
// GRAPH: constant = true, {{.*}}name = "@steps"
// GRAPH-NOT: splat
// GRAPH: }>

// @splat: y = x + 1 over 1024 f32: read x 4096 B + write y 4096 B = 8192 B
// (12288 if @ones were read). Round (1e12 B/s, 2e12 vector op/s): DRAM
// 8.192e-9 s > 1024 adds / 2e12 = 5.12e-10 s.
// CHECK-LABEL: func.func @splat
// CHECK-SAME: bytes_cache = 8192 : i64, bytes_fused = 8192 : i64, bytes_fused_dram = 8192 : i64, bytes_ideal = 8192 : i64, bytes_unfused = 8192 : i64, bytes_unfused_dram = 8192 : i64
// CHECK-SAME: time_cache_s = 8.1919999999999998E-9 : f64
func.func @splat(%x: memref<1024xf32>, %y: memref<1024xf32>) {
  %c = memref.get_global @ones : memref<1024xf32>
  affine.for %i = 0 to 1024 {
    %a = affine.load %x[%i] : memref<1024xf32>
    %b = affine.load %c[%i] : memref<1024xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %y[%i] : memref<1024xf32>
  }
  return
}

// @table: y = x + t over 4 f32: x 16 + t 16 + y 16 = 48 B.
// CHECK-LABEL: func.func @table
// CHECK-SAME: bytes_cache = 48 : i64, bytes_fused = 48 : i64, bytes_fused_dram = 48 : i64, bytes_ideal = 48 : i64, bytes_unfused = 48 : i64, bytes_unfused_dram = 48 : i64
func.func @table(%x: memref<4xf32>, %y: memref<4xf32>) {
  %c = memref.get_global @steps : memref<4xf32>
  affine.for %i = 0 to 4 {
    %a = affine.load %x[%i] : memref<4xf32>
    %b = affine.load %c[%i] : memref<4xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %y[%i] : memref<4xf32>
  }
  return
}
