// A tensor read through two different projections in one node (a causal
// mask from one position vector: pos[i] and pos[j]) is no coordinate
// projection for the Bollobas-Thomason cover. It used to count as one over
// {i, j} with its 8-element footprint, so the 64-point nest looked like 64 /
// 8 = 8 segments of S = 52428800 one-byte elements (H100's 50 MiB): a
// "proven" 7 x S + 256 = 367001600 B bound for 128 B of data, five
// thousand times the compulsory traffic (an OPT decoder from Hugging Face
// had a 110 us cache-aware SOL against a 21 ns fused one).
// RUN: solar-opt %s '--pass-pipeline=builtin.module(solar-sol{arch=H100_SXM stages=true})' | FileCheck %s

// Compulsory: pos 8 x 8 B + out 64 x 1 B = 128 B. The flat store out[8i + j]
// is no projection either, so no cover exists and no proven bound is added.
// CHECK: solar.traffic = #solar.traffic<{capacity_bytes = 52428800 : i64, groups = [{compulsory_bytes = 128 : i64, exponent = 0.000000e+00 : f64, group = 0 : i64, hbl_bytes = 0 : i64, inner_lower_bound_bytes = 128 : i64, lower_bound_bytes = 128 : i64
func.func @causal(%pos: memref<8xi64>, %out: memref<64xi1>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a = affine.load %pos[%i] : memref<8xi64>
      %b = affine.load %pos[%j] : memref<8xi64>
      %c = arith.cmpi sle, %b, %a : i64
      affine.store %c, %out[%i * 8 + %j] : memref<64xi1>
    }
  }
  return
}
