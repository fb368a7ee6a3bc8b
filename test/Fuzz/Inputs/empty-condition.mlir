// A store under a condition that can never hold (test/Fuzz/nesting-limits.test).
#empty = affine_set<(d0) : (d0 >= 10, -d0 + 3 >= 0)>
func.func @f(%m: memref<4xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.if #empty(%i) {
      affine.store %v, %m[%i] : memref<4xf32>
    }
  }
  return
}
