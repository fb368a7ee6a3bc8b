// Affine translation of elementwise_add.py: out = x + y (4096 x 2048 fp32).
// Arguments: inputs x, y, then the output buffer.
// One node: 8388608 adds; bytes 3 x 8388608 x 4 = 100663296.
func.func @elementwise_add(%x: memref<4096x2048xf32>, %y: memref<4096x2048xf32>, %out: memref<4096x2048xf32>) {
  affine.for %i = 0 to 4096 {
    affine.for %j = 0 to 2048 {
      %a = affine.load %x[%i, %j] : memref<4096x2048xf32>
      %b = affine.load %y[%i, %j] : memref<4096x2048xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %out[%i, %j] : memref<4096x2048xf32>
    }
  }
  return
}
