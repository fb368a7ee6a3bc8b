// Nests for test/Verify/jam-unit.test (lib/verify/verify_jam.c).
// @batched: out[n, f] += x[n, k] * w[f, k] over an outer n of 2: every
// access of the written `out` has n alone at position 0, so the two
// iterations write disjoint rows and the nest is jammed by 2.
// @outer_reduction: out[f] += x[n, f] with n outer: both iterations write
// out[f], so it is not jammed. @transposed: t is written at [n, f] and read
// at [f, n]: n sits at two positions, not jammed. @scaled: a batch of 6
// jammed by 4 (upstream adds a cleanup loop for the last 2).
func.func @batched(%x: memref<2x8xf32>, %w: memref<4x8xf32>, %out: memref<2x4xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      affine.for %k = 0 to 8 {
        %a = affine.load %x[%n, %k] : memref<2x8xf32>
        %b = affine.load %w[%f, %k] : memref<4x8xf32>
        %c = affine.load %out[%n, %f] : memref<2x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %out[%n, %f] : memref<2x4xf32>
      }
    }
  }
  return
}

func.func @outer_reduction(%x: memref<2x4xf32>, %out: memref<4xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      %a = affine.load %x[%n, %f] : memref<2x4xf32>
      %c = affine.load %out[%f] : memref<4xf32>
      %s = arith.addf %c, %a : f32
      affine.store %s, %out[%f] : memref<4xf32>
    }
  }
  return
}

func.func @transposed(%t: memref<4x4xf32>) {
  affine.for %n = 0 to 4 {
    affine.for %f = 0 to 4 {
      %a = affine.load %t[%f, %n] : memref<4x4xf32>
      affine.store %a, %t[%n, %f] : memref<4x4xf32>
    }
  }
  return
}

func.func @scaled(%x: memref<6x4xf32>, %out: memref<6x4xf32>) {
  %two = arith.constant 2.0 : f32
  affine.for %n = 0 to 6 {
    affine.for %f = 0 to 4 {
      %a = affine.load %x[%n, %f] : memref<6x4xf32>
      %p = arith.mulf %a, %two : f32
      affine.store %p, %out[%n, %f] : memref<6x4xf32>
    }
  }
  return
}
