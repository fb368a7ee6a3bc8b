// The function's signature must match the manifest (inputs, parameters,
// then destinations; results for the remaining outputs). Every mismatch is
// an error naming the argument. Manifest: A f32 [4, 3], B f32 [3, 5] inputs,
// C f32 [4, 5] output.
// RUN: rm -rf %t && %python %S/Inputs/make_case.py %t matmul
// RUN: not solar-opt %s --split-input-file --solar-verify=%t/manifest.json 2>&1 | FileCheck %s

// CHECK: signature-errors.mlir:[[# @LINE + 1]]:1: error: solar-verify: @too_few: the function takes 2 argument(s) and returns 0 result(s), but the manifest has 2 input/parameter(s) and 1 output(s): expected 2 argument(s) (inputs, parameters, then destination buffers) plus result(s) adding up to 1 output(s)
func.func @too_few(%A: memref<4x3xf32>, %B: memref<3x5xf32>) {
  return
}

// -----

// CHECK: signature-errors.mlir:[[# @LINE + 1]]:1: error: solar-verify: @too_many: the function takes 4 argument(s) and returns 0 result(s)
func.func @too_many(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>, %D: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @wrong_dtype: argument #0 (memref<4x3xf64>) does not match manifest input 'A' (f32 [4, 3]): element type f64 vs f32
func.func @wrong_dtype(%A: memref<4x3xf64>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @wrong_size: argument #1 (memref<3x4xf32>) does not match manifest input 'B' (f32 [3, 5]): dimension 1 is 4 in the IR but 5 in the manifest
func.func @wrong_size(%A: memref<4x3xf32>, %B: memref<3x4xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @wrong_rank: argument #0 (memref<12xf32>) does not match manifest input 'A' (f32 [4, 3]): rank 1 vs 2
func.func @wrong_rank(%A: memref<12xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @scalar_destination: argument #2 (f32) receives manifest output 'C', but only a memref can be a destination buffer
func.func @scalar_destination(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: f32) {
  return
}

// -----

// CHECK: error: solar-verify: @wrong_result: result #0 (memref<20xf32>) does not match manifest output 'C' (f32 [4, 5]): rank 1 vs 2
func.func @wrong_result(%A: memref<4x3xf32>, %B: memref<3x5xf32>) -> memref<20xf32> {
  %C = memref.alloc() : memref<20xf32>
  return %C : memref<20xf32>
}

// -----

// CHECK: error: solar-verify: @tensor_arg: argument #0 has type tensor<4x3xf32>: solar-verify supports memrefs of, and scalars of, f64 f32 f16 bf16 i64 i32 i8 i1 index
func.func @tensor_arg(%A: tensor<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @i16_arg: argument #1 has type memref<3x5xi16>: solar-verify supports memrefs of, and scalars of, f64 f32 f16 bf16 i64 i32 i8 i1 index
func.func @i16_arg(%A: memref<4x3xf32>, %B: memref<3x5xi16>, %C: memref<4x5xf32>) {
  return
}

// -----

// A column-major view cannot be filled from C-order data.
// CHECK: error: solar-verify: @column_major: argument #0 has type memref<4x3xf32, strided<[1, 4]>>: only row-major contiguous layouts can be filled from .npy data
func.func @column_major(%A: memref<4x3xf32, strided<[1, 4]>>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// Spelled-out row-major strides are accepted (the error is about B).
// CHECK: error: solar-verify: @explicit_strides: argument #1 (memref<3x4xf32>) does not match
func.func @explicit_strides(%A: memref<4x3xf32, strided<[3, 1]>>, %B: memref<3x4xf32>, %C: memref<4x5xf32>) {
  return
}

// -----

// CHECK: error: solar-verify: @memory_space: argument #2 has type memref<4x5xf32, 1>: memrefs in a memory space cannot be executed on the host
func.func @memory_space(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32, 1>) {
  return
}
