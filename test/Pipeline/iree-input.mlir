// solar-opt at IREE's input phase: Inputs/iree-mlp.mlir is
// `iree-compile --compile-to=input --mlir-print-op-generic` of
// Inputs/torch-mlp.mlir (relu(x @ W^T), x 8x16, W 32x16, fp32), a
// util.func / util.return module. solar-opt does not register IREE's
// dialects: with --allow-unregistered-dialect the util ops parse in generic
// form, util.func bodies are analyzed like func.func, and the result is
// attached to the util.func, the IR otherwise unchanged.
//
// RUN: solar-opt --allow-unregistered-dialect %S/Inputs/iree-mlp.mlir --solar-sol=%S/../Sol/Inputs/round.yaml | FileCheck %s
// RUN: not solar-opt %S/Inputs/iree-mlp.mlir --solar-sol=%S/../Sol/Inputs/round.yaml 2>&1 | FileCheck %s --check-prefix=NOFLAG
// RUN: solar-opt --allow-unregistered-dialect %S/Inputs/iree-mlp.mlir --solar-sol=%S/../Sol/Inputs/round.yaml --solar-report=json -o /dev/null | FileCheck %s --check-prefix=JSON
// IREE's custom form (its default output) is refused with the flag that
// gives the generic one (iree-custom-form.test makes both with iree-compile).
// RUN: not solar-opt --allow-unregistered-dialect %S/Inputs/iree-mlp-custom.mlir --solar-sol=%S/../Sol/Inputs/round.yaml 2>&1 | FileCheck %s --check-prefix=CUSTOM
// CUSTOM: iree-mlp-custom.mlir:3:1: error: Dialect `util' not found for custom op 'util.func'
// CUSTOM: iree-mlp-custom.mlir:3:1: note: {{.*}} print it with --mlir-print-op-generic (for IREE: iree-compile --compile-to=input --mlir-print-op-generic), then give solar-opt --allow-unregistered-dialect
//
// Same program as torch-mlir-annotate.mlir, same hand derivation:
//   flops = 2*(8*32*16) MAC + 256 cmp = 8448;
//   bytes fused = x 512 + W 2048 + out 1024 = 3584;
//   bytes unfused through DRAM = transpose 4096 + fill 1024 + matmul 4608 +
//   relu 2048 = 11776; with W^T and the accumulator in the L2, 3584.
// CHECK: "util.func"() <{function_type = (tensor<8x16xf32>) -> tensor<8x32xf32>, sym_name = "mlp"}> ({
// CHECK: linalg.matmul ins(%arg0, %transposed : tensor<8x16xf32>, tensor<16x32xf32>)
// CHECK: "util.return"(%4) : (tensor<8x32xf32>) -> ()
// CHECK-NEXT: }) {solar.sol = #solar.sol<{
// CHECK-SAME: bytes_fused = 3584 : i64
// CHECK-SAME: bytes_unfused = 3584 : i64, bytes_unfused_dram = 11776 : i64
// CHECK-SAME: flops = 8448 : i64
// CHECK-NOT: func.func
// CHECK-NOT: affine.for

// NOFLAG: error: operation being parsed with an unregistered dialect

// JSON: "bytes_fused": 3584,
// JSON: "flops": 8448,
// JSON: "function": "mlp",
// JSON: "schema": "solar-report",
