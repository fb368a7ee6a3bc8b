// A chain of 24 elementwise loops whose intermediates stay on chip: one
// fusion group of 24 nodes (test/Analyze/group-table.test).
func.func @chain(%in: memref<64xf32>, %out: memref<64xf32>) {
  %one = arith.constant 1.0 : f32
  %t0 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %in[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t0[%i] : memref<64xf32>
  }
  %t1 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t0[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t1[%i] : memref<64xf32>
  }
  %t2 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t1[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t2[%i] : memref<64xf32>
  }
  %t3 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t2[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t3[%i] : memref<64xf32>
  }
  %t4 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t3[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t4[%i] : memref<64xf32>
  }
  %t5 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t4[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t5[%i] : memref<64xf32>
  }
  %t6 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t5[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t6[%i] : memref<64xf32>
  }
  %t7 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t6[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t7[%i] : memref<64xf32>
  }
  %t8 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t7[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t8[%i] : memref<64xf32>
  }
  %t9 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t8[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t9[%i] : memref<64xf32>
  }
  %t10 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t9[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t10[%i] : memref<64xf32>
  }
  %t11 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t10[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t11[%i] : memref<64xf32>
  }
  %t12 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t11[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t12[%i] : memref<64xf32>
  }
  %t13 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t12[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t13[%i] : memref<64xf32>
  }
  %t14 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t13[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t14[%i] : memref<64xf32>
  }
  %t15 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t14[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t15[%i] : memref<64xf32>
  }
  %t16 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t15[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t16[%i] : memref<64xf32>
  }
  %t17 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t16[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t17[%i] : memref<64xf32>
  }
  %t18 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t17[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t18[%i] : memref<64xf32>
  }
  %t19 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t18[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t19[%i] : memref<64xf32>
  }
  %t20 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t19[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t20[%i] : memref<64xf32>
  }
  %t21 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t20[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t21[%i] : memref<64xf32>
  }
  %t22 = memref.alloc() : memref<64xf32>
  affine.for %i = 0 to 64 {
    %x = affine.load %t21[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %t22[%i] : memref<64xf32>
  }
  affine.for %i = 0 to 64 {
    %x = affine.load %t22[%i] : memref<64xf32>
    %y = arith.addf %x, %one : f32
    affine.store %y, %out[%i] : memref<64xf32>
  }
  return
}
