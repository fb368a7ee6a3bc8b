// out = x + x in bf16, checked against runner/bf16_model.py.
func.func @double(%x: memref<4xbf16>, %out: memref<4xbf16>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %x[%i] : memref<4xbf16>
    %s = arith.addf %v, %v : bf16
    affine.store %s, %out[%i] : memref<4xbf16>
  }
  return
}
