// Row softmax (as Inputs/softmax.mlir) with framework-op identities on its
// loop nests, as the importers attach them (solar.framework_op): @tagged is
// one framework op, @partial tags only the max nest.
func.func @tagged(%x: memref<32x1024xf32>, %y: memref<32x1024xf32>) {
  %mx = memref.alloc() : memref<32xf32>
  %sum = memref.alloc() : memref<32xf32>
  %e = memref.alloc() : memref<32x1024xf32>
  %ninf = arith.constant -3.4e38 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 32 {
    affine.store %ninf, %mx[%i] : memref<32xf32>
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<32x1024xf32>
      %m = affine.load %mx[%i] : memref<32xf32>
      %n = arith.maximumf %m, %v : f32
      affine.store %n, %mx[%i] : memref<32xf32>
    }
  } {solar.framework_op = "aten._softmax.default:_softmax"}
  affine.for %i = 0 to 32 {
    affine.store %zero, %sum[%i] : memref<32xf32>
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<32x1024xf32>
      %m = affine.load %mx[%i] : memref<32xf32>
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      affine.store %ex, %e[%i, %j] : memref<32x1024xf32>
      %s = affine.load %sum[%i] : memref<32xf32>
      %t = arith.addf %s, %ex : f32
      affine.store %t, %sum[%i] : memref<32xf32>
    }
  } {solar.framework_op = "aten._softmax.default:_softmax"}
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 1024 {
      %ex = affine.load %e[%i, %j] : memref<32x1024xf32>
      %s = affine.load %sum[%i] : memref<32xf32>
      %q = arith.divf %ex, %s : f32
      affine.store %q, %y[%i, %j] : memref<32x1024xf32>
    }
  } {solar.framework_op = "aten._softmax.default:_softmax"}
  memref.dealloc %mx : memref<32xf32>
  memref.dealloc %sum : memref<32xf32>
  memref.dealloc %e : memref<32x1024xf32>
  return
}

func.func @partial(%x: memref<32x1024xf32>, %y: memref<32x1024xf32>) {
  %mx = memref.alloc() : memref<32xf32>
  %sum = memref.alloc() : memref<32xf32>
  %e = memref.alloc() : memref<32x1024xf32>
  %ninf = arith.constant -3.4e38 : f32
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 32 {
    affine.store %ninf, %mx[%i] : memref<32xf32>
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<32x1024xf32>
      %m = affine.load %mx[%i] : memref<32xf32>
      %n = arith.maximumf %m, %v : f32
      affine.store %n, %mx[%i] : memref<32xf32>
    }
  } {solar.framework_op = "aten.amax.default:amax"}
  affine.for %i = 0 to 32 {
    affine.store %zero, %sum[%i] : memref<32xf32>
    affine.for %j = 0 to 1024 {
      %v = affine.load %x[%i, %j] : memref<32x1024xf32>
      %m = affine.load %mx[%i] : memref<32xf32>
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      affine.store %ex, %e[%i, %j] : memref<32x1024xf32>
      %s = affine.load %sum[%i] : memref<32xf32>
      %t = arith.addf %s, %ex : f32
      affine.store %t, %sum[%i] : memref<32xf32>
    }
  }
  affine.for %i = 0 to 32 {
    affine.for %j = 0 to 1024 {
      %ex = affine.load %e[%i, %j] : memref<32x1024xf32>
      %s = affine.load %sum[%i] : memref<32xf32>
      %q = arith.divf %ex, %s : f32
      affine.store %q, %y[%i, %j] : memref<32x1024xf32>
    }
  }
  memref.dealloc %mx : memref<32xf32>
  memref.dealloc %sum : memref<32xf32>
  memref.dealloc %e : memref<32x1024xf32>
  return
}
