// IREE's default textual output at the input phase: util.func in custom
// form (`iree-compile --compile-to=input`, without --mlir-print-op-generic).
util.func public @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %arg0, %arg0 : tensor<4xf32>
  util.return %0 : tensor<4xf32>
}
