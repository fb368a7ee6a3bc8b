// With --solar-strict (or the pass option `strict`) every analysis warning
// is an error and the pass fails; no IR is printed.
// RUN: not solar-opt --solar-einsum-graph --solar-strict %s 2>&1 | FileCheck %s
// RUN: not solar-opt --pass-pipeline='builtin.module(solar-einsum-graph{strict})' %s 2>&1 | FileCheck %s
// RUN: not solar-opt --solar-dump-einsum-graph=json --solar-strict %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP
// Without it the same input is accepted with a warning.
// RUN: solar-opt --solar-einsum-graph %s 2>&1 -o /dev/null | FileCheck %s --check-prefix=LAX

// CHECK-NOT: warning:
// CHECK: strict-error.mlir:[[# @LINE + 13]]:10: error: non-affine access in 'memref.load' (index depends on a value loaded from memory ('affine.load' at {{.*}}strict-error.mlir:[[# @LINE + 12]]:12)); its footprint is over-approximated by the whole tensor (--solar-strict)
// CHECK-NEXT: %a = memref.load %A[%idx] : memref<100xf32>
// CHECK-NOT: error:
// CHECK-NOT: func.func

// DUMP: strict-error.mlir:[[# @LINE + 8]]:10: error: non-affine access in 'memref.load'

// LAX: strict-error.mlir:[[# @LINE + 6]]:10: warning: non-affine access in 'memref.load'
// LAX-NOT: error:

func.func @gather(%A: memref<100xf32>, %I: memref<10xindex>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %idx = affine.load %I[%i] : memref<10xindex>
    %a = memref.load %A[%idx] : memref<100xf32>
    affine.store %a, %B[%i] : memref<10xf32>
  }
  return
}

// An affine function next to it is analyzed without complaint.
func.func @copy(%A: memref<10xf32>, %B: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %A[%i] : memref<10xf32>
    affine.store %a, %B[%i] : memref<10xf32>
  }
  return
}
