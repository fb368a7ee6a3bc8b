// Nests whose memrefs LLVM must not be told are distinct
// (test/Verify/outline-unit.test): the first reads a subview of %t and
// writes %t itself (one buffer through two views), the second writes the
// memref a call returned (its buffer is unknown), the third frees %u.
// Only the fourth, reading %x and writing %u, gets the noalias mark.
func.func private @g(%a: memref<8xf32>) -> memref<8xf32>

func.func @f(%x: memref<8xf32>) {
  %t = memref.alloc() : memref<8xf32>
  %u = memref.alloc() : memref<8xf32>
  %v = memref.subview %t[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
  affine.for %i = 0 to 4 {
    %a = affine.load %v[%i] : memref<4xf32, strided<[1], offset: 4>>
    affine.store %a, %t[%i] : memref<8xf32>
  }
  %w = func.call @g(%x) : (memref<8xf32>) -> memref<8xf32>
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i] : memref<8xf32>
    affine.store %a, %w[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 1 {
    memref.dealloc %t : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i] : memref<8xf32>
    affine.store %a, %u[%i] : memref<8xf32>
  }
  memref.dealloc %u : memref<8xf32>
  return
}
