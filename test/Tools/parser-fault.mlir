// MLIR 22's linalg.transpose parser dereferences a null attribute after a
// malformed `permutation` (mlir-opt-22 itself dies with SIGSEGV on this
// file; found by the fuzz smoke test). solar-opt reports the syntax error,
// then says the parser faulted and exits 1, never a crash (`not` fails
// on a signal).
// fuzz-seed: none (the fault ends a libFuzzer process: bench/fuzz_semantic.py)
// RUN: not solar-opt %s --solar-sol=H100_SXM -o /dev/null 2>&1 | FileCheck %s
// CHECK: parser-fault.mlir:[[@LINE+4]]:{{[0-9]+}}: error: unexpected character
// CHECK: parser-fault.mlir: error: MLIR's parser faulted on this input after the syntax error reported above
// CHECK-NOT: Stack dump
func.func @f(%a: tensor<32x16xf32>, %b: tensor<16x32xf32>) -> tensor<16x32xf32> {
  %t = linalg.transpose ins(%a : tensor<32x16xf32>) outs(%b : tensor<16x32xf32>) permutation = [1, ']
  return %t : tensor<16x32xf32>
}
