// A gather (index loaded from memory) stays sound: the einsum graph warns and
// over-approximates the table's footprint by the whole tensor; the SOL
// traffic, which must not overstate, counts nothing for that access.
// RUN: solar-opt %S/Inputs/gather.mlir --solar-sol=%S/Inputs/round.yaml 2>&1 | FileCheck %s
// RUN: not solar-opt %S/Inputs/gather.mlir --solar-sol=%S/Inputs/round.yaml --solar-strict 2>&1 | FileCheck %s --check-prefix=STRICT

// CHECK: gather.mlir:5:12: warning: non-affine access in 'memref.load'
// Bytes: idx 64 x 8 B (index) = 512, out 64*16 x 4 B = 4096; the table's
// unknown footprint contributes 0 -> 4608 B, 4608 / 1e12 B/s = 4.608e-9 s.
// CHECK: bytes_ideal = 4608 : i64, bytes_unfused = 4608 : i64
// CHECK-SAME: time_unfused_s = 4.608000e-09 : f64
// STRICT: gather.mlir:5:12: error: non-affine access in 'memref.load'
