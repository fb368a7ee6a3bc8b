// Expectations that do not hold (test/Tools/verify-diagnostics.mlir).
// expected-remark@+1 {{visited 1 function(s)}}
func.func @gather(%A: memref<100xf32>, %I: memref<10xindex>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %idx = affine.load %I[%i] : memref<10xindex>
    // expected-error@+1 {{non-affine access in 'memref.load'}}
    %a = memref.load %A[%idx] : memref<100xf32>
    %b = memref.load %A[%idx] : memref<100xf32>
    %c = arith.addf %a, %b : f32
    affine.store %c, %B[%i] : memref<10xf32>
  }
  // expected-warning@+1 {{never emitted}}
  return
}
