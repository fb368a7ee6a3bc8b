// Affine translation of gelu_mlp_torch.py: x [4, 8]; parameters in
// named_parameters() order: fc1.weight [16, 8] (out x in), fc1.bias [16],
// fc2.weight [4, 16], fc2.bias [4]; out [4, 4].
// h = gelu(x W1^T + b1) with gelu(z) = 0.5 z (1 + tanh(sqrt(2/pi) (z + 0.044715 z^3))),
// out = h W2^T + b2. The hidden activations live in a local buffer.
func.func @gelu_mlp(%x: memref<4x8xf32>, %W1: memref<16x8xf32>, %b1: memref<16xf32>, %W2: memref<4x16xf32>, %b2: memref<4xf32>, %out: memref<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %one = arith.constant 1.0 : f32
  %c = arith.constant 0.7978845608028654 : f32
  %k = arith.constant 0.044715 : f32
  %h = memref.alloc() : memref<4x16xf32>
  affine.for %b = 0 to 4 {
    affine.for %j = 0 to 16 {
      %init = affine.load %b1[%j] : memref<16xf32>
      %pre = affine.for %i = 0 to 8 iter_args(%acc = %init) -> f32 {
        %xv = affine.load %x[%b, %i] : memref<4x8xf32>
        %wv = affine.load %W1[%j, %i] : memref<16x8xf32>
        %m = arith.mulf %xv, %wv : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      %p2 = arith.mulf %pre, %pre : f32
      %p3 = arith.mulf %p2, %pre : f32
      %kp3 = arith.mulf %k, %p3 : f32
      %inner = arith.addf %pre, %kp3 : f32
      %arg = arith.mulf %c, %inner : f32
      %t = math.tanh %arg : f32
      %onet = arith.addf %one, %t : f32
      %hx = arith.mulf %half, %pre : f32
      %g = arith.mulf %hx, %onet : f32
      affine.store %g, %h[%b, %j] : memref<4x16xf32>
    }
    affine.for %o = 0 to 4 {
      %init = affine.load %b2[%o] : memref<4xf32>
      %y = affine.for %j = 0 to 16 iter_args(%acc = %init) -> f32 {
        %hv = affine.load %h[%b, %j] : memref<4x16xf32>
        %wv = affine.load %W2[%o, %j] : memref<4x16xf32>
        %m = arith.mulf %hv, %wv : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      affine.store %y, %out[%b, %o] : memref<4x4xf32>
    }
  }
  memref.dealloc %h : memref<4x16xf32>
  return
}
