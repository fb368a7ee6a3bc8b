// Nothing computes and nothing moves: no bound can be claimed.
func.func @nothing(%a: tensor<4xf32>) {
  return
}
