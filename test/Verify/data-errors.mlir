// Missing or corrupt reference data and bad manifests are clear errors
// naming the file and the argument (or the manifest key). The manifests
// name @matmul in 'function' (the module has two public functions).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/missing matmul --function matmul --damage B=missing
// RUN: not solar-opt %s --solar-verify=%t/missing/manifest.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: data-errors.mlir:[[# @LINE + 38]]:1: error: solar-verify: input 'B': {{.*}}missing/B.npy: cannot open: No such file or directory
// RUN: %python %S/Inputs/make_case.py %t/magic matmul --function matmul --damage A=magic
// RUN: not solar-opt %s --solar-verify=%t/magic/manifest.json 2>&1 | FileCheck %s --check-prefix=MAGIC
// MAGIC: error: solar-verify: input 'A': {{.*}}magic/A.npy: not a .npy file (no \x93NUMPY magic)
// The expected outputs are read too: C loses 3 of its 80 data bytes.
// RUN: %python %S/Inputs/make_case.py %t/truncate matmul --function matmul --damage C=truncate
// RUN: not solar-opt %s --solar-verify=%t/truncate/manifest.json 2>&1 | FileCheck %s --check-prefix=TRUNCATE
// TRUNCATE: error: solar-verify: output 'C': {{.*}}truncate/C.npy: truncated .npy data: shape needs 80 bytes, file has 77
// RUN: %python %S/Inputs/make_case.py %t/header matmul --function matmul --damage A=header
// RUN: not solar-opt %s --solar-verify=%t/header/manifest.json 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: error: solar-verify: input 'A': {{.*}}header/A.npy: malformed .npy header: shape entries must be non-negative integers
// RUN: %python %S/Inputs/make_case.py %t/fortran matmul --function matmul --damage A=fortran
// RUN: not solar-opt %s --solar-verify=%t/fortran/manifest.json 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: error: solar-verify: input 'A': {{.*}}fortran/A.npy: Fortran-order .npy data is not supported (save a C-contiguous array)
// The manifest and the file disagree (the IR is shape-generic, so only this
// check can catch it):
// RUN: %python %S/Inputs/make_case.py %t/shape matmul --manifest-shape A=3,4 --manifest-shape B=4,5
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/shape/manifest.json function=generic})' 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: error: solar-verify: input 'A': {{.*}}shape/A.npy holds f32 [4, 3] but the manifest says f32 [3, 4]
// RUN: not solar-opt %s --solar-verify=%t/nonexistent.json 2>&1 | FileCheck %s --check-prefix=NOMANIFEST
// NOMANIFEST: data-errors.mlir:[[# @LINE + 18]]:1: error: solar-verify: cannot open manifest {{.*}}nonexistent.json: No such file or directory
// RUN: printf '{"version": 1,\n "arguments": [}\n' > %t/syntax.json
// RUN: not solar-opt %s --solar-verify=%t/syntax.json 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: error: solar-verify: {{.*}}syntax.json:2:16: invalid JSON: {{.+}}
// RUN: printf '{"version": 2, "arguments": []}' > %t/version.json
// RUN: not solar-opt %s --solar-verify=%t/version.json 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: solar-verify: {{.*}}version.json: 'version' must be 1 (the manifest schema this solar-opt reads)
// RUN: printf '{"version": 1, "arguments": [{"name": "A", "role": "weight", "file": "A.npy", "shape": [4, 3], "dtype": "f32"}]}' > %t/role.json
// RUN: not solar-opt %s --solar-verify=%t/role.json 2>&1 | FileCheck %s --check-prefix=ROLE
// ROLE: error: solar-verify: {{.*}}role.json: arguments[0] ('A'): 'role' is 'weight', expected input, parameter or output
// RUN: printf '{"version": 1, "arguments": [{"name": "A", "role": "input", "file": "A.npy", "shape": [4, -3], "dtype": "f32"}]}' > %t/shape.json
// RUN: not solar-opt %s --solar-verify=%t/shape.json 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: solar-verify: {{.*}}shape.json: arguments[0] ('A'): shape[1] must be a non-negative integer
// RUN: printf '{"version": 1, "arguments": [{"name": "A", "role": "input", "file": "A.npy", "shape": [4, 3], "dtype": "float32"}]}' > %t/dtype.json
// RUN: not solar-opt %s --solar-verify=%t/dtype.json 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: solar-verify: {{.*}}dtype.json: arguments[0] ('A'): unsupported 'dtype' 'float32' (supported: f64 f32 f16 bf16 i64 i32 i8 i1)
// RUN: not solar-opt %s --solar-verify 2>&1 | FileCheck %s --check-prefix=NOOPTION
// NOOPTION: error: solar-verify: no manifest given; use --solar-verify=MANIFEST or solar-verify{manifest=...}
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}

func.func @generic(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  return
}
