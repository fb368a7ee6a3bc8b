func.func @f56(%x: memref<12x12xf32>, %n: index, %m: index, %o: memref<1048576x40xf32>, %o2: memref<1048576x40xf32>) {
  %t = memref.alloc() : memref<1048576x40xf32>
  %c0 = arith.constant 0 : index
  affine.for %i = 0 to 12 {
    affine.for %j = 0 to 12 {
      affine.if affine_set<(d0) : (d0 - 6 >= 0)>(%j) {
        %v = affine.load %x[%i mod 12, %j mod 12] : memref<12x12xf32>
        affine.store %v, %t[%i, %j + 3] : memref<1048576x40xf32>
      }
    }
  }
  affine.for %a = 0 to 12 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%a) {
      %r0 = affine.load %t[2 * %a, (%a + 4) mod 12] : memref<1048576x40xf32>
      affine.store %r0, %o[%a, %a] : memref<1048576x40xf32>
    }
  }
  affine.for %a = 0 to min affine_map<()[s0] -> (s0, 12)>()[%n] step 1000000 {
    affine.for %b = 0 to 8 {
      %r0 = affine.load %t[%a + %b, %b] : memref<1048576x40xf32>
      %r1 = affine.load %t[%b + symbol(%m), %a + symbol(%m)] : memref<1048576x40xf32>
      %s = arith.subf %r0, %r1 : f32
      affine.store %s, %o2[%a, %b] : memref<1048576x40xf32>
    }
  }
  return
}
