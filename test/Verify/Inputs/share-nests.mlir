// Nests for test/Verify/share-unit.test: three copies into slices of a
// concatenation that differ only in their shapes (nests 0-2), an exact
// repeat of the first (nest 3), a copy of i32 (nest 4: another element
// type), and a copy whose read at %i + 1 is not proven in bounds (nest 5).
func.func @f(%a: memref<2x3xf32>, %b: memref<2x5xf32>, %c: memref<2x3xi32>,
             %d: memref<2x3xi32>, %e: memref<7xf32>, %g: memref<7xf32>) {
  %cat = memref.alloc() : memref<2x8xf32>
  %lo = memref.subview %cat[0, 0] [2, 3] [1, 1] : memref<2x8xf32> to memref<2x3xf32, strided<[8, 1]>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i, %j] : memref<2x3xf32>
      affine.store %v, %lo[%i, %j] : memref<2x3xf32, strided<[8, 1]>>
    }
  }
  %hi = memref.subview %cat[0, 3] [2, 5] [1, 1] : memref<2x8xf32> to memref<2x5xf32, strided<[8, 1], offset: 3>>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 5 {
      %v = affine.load %b[%i, %j] : memref<2x5xf32>
      affine.store %v, %hi[%i, %j] : memref<2x5xf32, strided<[8, 1], offset: 3>>
    }
  }
  %all = memref.alloc() : memref<2x8xf32>
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 8 {
      %v = affine.load %cat[%i, %j] : memref<2x8xf32>
      affine.store %v, %all[%i, %j] : memref<2x8xf32>
    }
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %a[%i, %j] : memref<2x3xf32>
      affine.store %v, %lo[%i, %j] : memref<2x3xf32, strided<[8, 1]>>
    }
  }
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %v = affine.load %c[%i, %j] : memref<2x3xi32>
      affine.store %v, %d[%i, %j] : memref<2x3xi32>
    }
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %e[%i + 1] : memref<7xf32>
    affine.store %v, %g[%i] : memref<7xf32>
  }
  memref.dealloc %all : memref<2x8xf32>
  memref.dealloc %cat : memref<2x8xf32>
  return
}
