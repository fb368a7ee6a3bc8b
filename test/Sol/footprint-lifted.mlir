// One access of a node reads its footprint off the lift's count of that
// access (lib/fusion/sol_footprint.c, liftedFootprint); a tensor a node
// reads through two accesses is still the union of their images, never
// one access's count.
// RUN: solar-opt %s '--pass-pipeline=builtin.module(solar-sol{arch=H100_SXM stages=true})' | FileCheck %s

// A[i] and A[i + 1] for i in 0..7 read A[0..8]: 9 elements (each access
// alone 8), 36 B; out 8 x 4 B = 32 B written: compulsory 68 B (64 B if
// the union were taken as one access's footprint).
// CHECK: solar.traffic = #solar.traffic<{capacity_bytes = 52428800 : i64, groups = [{compulsory_bytes = 68 : i64
func.func @shifted(%a: memref<9xf32>, %out: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<9xf32>
    %y = affine.load %a[%i + 1] : memref<9xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %out[%i] : memref<8xf32>
  }
  return
}
