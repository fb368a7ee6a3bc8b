// Affine translation of mlp.py: h = relu(x @ W1^T + b1); out = h @ W2^T + b2
// (batch 128, 256 -> 512 -> 128; nn.Linear stores weights as out x in).
// MACs: 128*512*256 + 128*128*512 = 16777216 + 8388608 = 25165824.
// Arguments: the input x, the parameters fc1.weight, fc1.bias, fc2.weight,
// fc2.bias (named_parameters order), then the output buffer.
func.func @mlp(%x: memref<128x256xf32>, %w1: memref<512x256xf32>, %b1: memref<512xf32>, %w2: memref<128x512xf32>, %b2: memref<128xf32>, %out: memref<128x128xf32>) {
  %h = memref.alloc() : memref<128x512xf32>
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 128 {
    affine.for %o = 0 to 512 {
      %init = affine.load %b1[%o] : memref<512xf32>
      %acc = affine.for %k = 0 to 256 iter_args(%s = %init) -> f32 {
        %a = affine.load %x[%i, %k] : memref<128x256xf32>
        %w = affine.load %w1[%o, %k] : memref<512x256xf32>
        %p = arith.mulf %a, %w : f32
        %t = arith.addf %s, %p : f32
        affine.yield %t : f32
      }
      %r = arith.maximumf %acc, %zero : f32
      affine.store %r, %h[%i, %o] : memref<128x512xf32>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %o = 0 to 128 {
      %init = affine.load %b2[%o] : memref<128xf32>
      %acc = affine.for %k = 0 to 512 iter_args(%s = %init) -> f32 {
        %a = affine.load %h[%i, %k] : memref<128x512xf32>
        %w = affine.load %w2[%o, %k] : memref<128x512xf32>
        %p = arith.mulf %a, %w : f32
        %t = arith.addf %s, %p : f32
        affine.yield %t : f32
      }
      affine.store %acc, %out[%i, %o] : memref<128x128xf32>
    }
  }
  memref.dealloc %h : memref<128x512xf32>
  return
}
