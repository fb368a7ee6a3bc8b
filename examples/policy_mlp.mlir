// Affine translation of policy_mlp.py at batch 1: h1 = relu(W1 obs + b1),
// h2 = relu(W2 h1 + b2), act = tanh(W3 h2 + b3) (64 -> 256 -> 256 -> 12).
// MACs: 256*64 + 256*256 + 12*256 = 16384 + 65536 + 3072 = 84992; the
// weights (339968 B) dominate the bytes.
// Arguments: the input obs, the parameters fc1.weight, fc1.bias, fc2.weight,
// fc2.bias, fc3.weight, fc3.bias, then the output buffer.
func.func @policy_mlp(%obs: memref<1x64xf32>, %w1: memref<256x64xf32>, %b1: memref<256xf32>, %w2: memref<256x256xf32>, %b2: memref<256xf32>, %w3: memref<12x256xf32>, %b3: memref<12xf32>, %act: memref<1x12xf32>) {
  %h1 = memref.alloc() : memref<256xf32>
  %h2 = memref.alloc() : memref<256xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %o = 0 to 256 {
    %init = affine.load %b1[%o] : memref<256xf32>
    %acc = affine.for %k = 0 to 64 iter_args(%s = %init) -> f32 {
      %a = affine.load %obs[0, %k] : memref<1x64xf32>
      %w = affine.load %w1[%o, %k] : memref<256x64xf32>
      %p = arith.mulf %a, %w : f32
      %t = arith.addf %s, %p : f32
      affine.yield %t : f32
    }
    %r = arith.maximumf %acc, %zero : f32
    affine.store %r, %h1[%o] : memref<256xf32>
  }
  affine.for %o = 0 to 256 {
    %init = affine.load %b2[%o] : memref<256xf32>
    %acc = affine.for %k = 0 to 256 iter_args(%s = %init) -> f32 {
      %a = affine.load %h1[%k] : memref<256xf32>
      %w = affine.load %w2[%o, %k] : memref<256x256xf32>
      %p = arith.mulf %a, %w : f32
      %t = arith.addf %s, %p : f32
      affine.yield %t : f32
    }
    %r = arith.maximumf %acc, %zero : f32
    affine.store %r, %h2[%o] : memref<256xf32>
  }
  affine.for %o = 0 to 12 {
    %init = affine.load %b3[%o] : memref<12xf32>
    %acc = affine.for %k = 0 to 256 iter_args(%s = %init) -> f32 {
      %a = affine.load %h2[%k] : memref<256xf32>
      %w = affine.load %w3[%o, %k] : memref<12x256xf32>
      %p = arith.mulf %a, %w : f32
      %t = arith.addf %s, %p : f32
      affine.yield %t : f32
    }
    %r = math.tanh %acc : f32
    affine.store %r, %act[0, %o] : memref<1x12xf32>
  }
  memref.dealloc %h1 : memref<256xf32>
  memref.dealloc %h2 : memref<256xf32>
  return
}
