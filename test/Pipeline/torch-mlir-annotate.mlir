// solar-opt inside a torch-mlir pipeline: the FX importer's linalg-on-tensors
// output (Inputs/torch-mlp.mlir, made by Inputs/gen_torch_mlp.py:
// relu(x @ W^T), x 8x16, W 32x16, fp32) is analyzed, not replaced. The
// module that comes out is the input plus `solar.sol` on @mlp, so later
// passes (here mlir-opt's own) keep working on linalg.
//
// RUN: solar-opt %S/Inputs/torch-mlp.mlir --solar-sol=%S/../Sol/Inputs/round.yaml > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: mlir-opt --allow-unregistered-dialect %t.mlir --linalg-generalize-named-ops | FileCheck %s --check-prefix=DOWNSTREAM
//
// Byte for byte the input apart from the attribute: strip it and compare
// with solar-opt's plain print of the input.
// RUN: solar-opt %S/Inputs/torch-mlp.mlir > %t.plain.mlir
// RUN: %python -c "import re,sys; t=open(sys.argv[1]).read(); sys.stdout.write(re.sub(r' attributes \{solar\.sol = #solar\.sol<\{.*?\}>\}(?= \{\n)', '', t))" %t.mlir > %t.stripped.mlir
// RUN: diff %t.plain.mlir %t.stripped.mlir
//
// The stage attributes come along on request; the old behaviour (emit the
// affine module) is --solar-lower-to-affine before the analysis.
// RUN: solar-opt %S/Inputs/torch-mlp.mlir --solar-sol='{arch=%S/../Sol/Inputs/round.yaml stages=true}' | FileCheck %s --check-prefix=STAGES
// RUN: solar-opt %S/Inputs/torch-mlp.mlir --solar-lower-to-affine --solar-sol=%S/../Sol/Inputs/round.yaml | FileCheck %s --check-prefix=AFFINE
//
// Hand derivation (Round: 1e12 B/s DRAM, 1e12 fp32 MAC/s, 2e12 other op/s):
//   matmul 8x32x16 = 4096 MAC; ReLU = 256 cmp + 256 select on 8x32;
//   flops = 2*4096 + 256 (cmp; a select is no flop) = 8448.
//   fused (one group, intermediates on chip): x 8*16*4 = 512 B, W 32*16*4
//   = 2048 B, out 8*32*4 = 1024 B -> 3584 B.
//   unfused through DRAM, per op: transpose 2048 + 2048, fill 1024, matmul
//   512 + 2048 + 1024 (init) + 1024, relu 1024 + 1024 -> 11776 B
//   (bytes_unfused_dram, time 11.776 ns). W^T and the accumulator fit
//   Round's 1 MiB L2 between the kernels (docs/sol-model.md, "Between
//   kernels"): transpose reads W 2048, fill 0, matmul x 512, relu writes
//   out 1024 -> 3584 B.
//   time_fused = max(3584 B / 1e12, max(4096/1e12, 512/2e12)) = 4.096 ns
//   (one group: its FMA and ALU work overlap);
//   time_unfused = 2.048 + 0 + max(4.096, 0.512) + max(1.024, 0.128)
//   = 7.168 ns.
// CHECK: func.func @mlp(%arg0: tensor<8x16xf32>) -> tensor<8x32xf32> attributes {solar.sol = #solar.sol<{
// CHECK-SAME: bytes_fused = 3584 : i64
// CHECK-SAME: bytes_unfused = 3584 : i64, bytes_unfused_dram = 11776 : i64
// CHECK-SAME: flops = 8448 : i64
// CHECK-SAME: time_fused_s = 4.096000e-09 : f64
// CHECK-SAME: time_unfused_s = 7.168000e-09 : f64
// CHECK-NOT: solar.einsum_graph
// CHECK: linalg.transpose ins(%cst_0 : tensor<32x16xf32>)
// CHECK: linalg.matmul ins(%arg0, %transposed : tensor<8x16xf32>, tensor<16x32xf32>)
// CHECK: return %4 : tensor<8x32xf32>
// CHECK-NOT: affine.for
// CHECK: torch_tensor_32_16_torch.float32: "0x04000000

// DOWNSTREAM: func.func @mlp(%arg0: tensor<8x16xf32>) -> tensor<8x32xf32> attributes {solar.sol = #solar.sol<{
// DOWNSTREAM-NOT: linalg.matmul
// DOWNSTREAM: linalg.generic
// DOWNSTREAM: return {{.*}} : tensor<8x32xf32>

// STAGES: func.func @mlp(%arg0: tensor<8x16xf32>) -> tensor<8x32xf32> attributes {
// STAGES-SAME: solar.einsum_graph = #solar.einsum_graph<
// STAGES-SAME: solar.fusion = #solar.fusion<
// STAGES-SAME: solar.sol = #solar.sol<
// STAGES-SAME: solar.traffic = #solar.traffic<
// STAGES: linalg.matmul

// AFFINE: func.func @mlp(%arg0: memref<8x16xf32>, %arg1: memref<8x32xf32>) attributes {{.*}}solar.sol = #solar.sol<{{.*}}flops = 8448 : i64
// AFFINE: affine.for
