// A top-level loop with a result (test/Verify/outline-unit.test): it is
// not outlined (only result-less nests are), so @f still holds a loop that
// may run long and keeps LLVM's optimization: no optnone.
func.func @f(%x: memref<4xf32>, %y: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  %sum = affine.for %i = 0 to 4 iter_args(%acc = %zero) -> f32 {
    %a = affine.load %x[%i] : memref<4xf32>
    %s = arith.addf %acc, %a : f32
    affine.yield %s : f32
  }
  affine.store %sum, %y[] : memref<f32>
  return
}
