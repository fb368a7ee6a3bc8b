// Buffer deallocation (lib/frontend/lower_dealloc.c). A straight-line
// function gets `memref.dealloc` of each allocation, in allocation order,
// before its return: what upstream's buffer-deallocation-pipeline gives
// it, written directly (the pipeline is cubic in a function's buffers).
// A function whose buffers flow through a region (scf.if yielding one)
// still goes through the upstream pipeline: its dealloc is conditional.
// RUN: solar-opt %s --split-input-file --solar-lower-to-affine | FileCheck %s

// CHECK-LABEL: func.func @chain(
// CHECK: %[[A:.*]] = memref.alloc()
// CHECK: %[[B:.*]] = memref.alloc()
// CHECK: memref.dealloc %[[A]] : memref<4x8xf32>
// CHECK-NEXT: memref.dealloc %[[B]] : memref<4x8xf32>
// CHECK-NEXT: return
func.func @chain(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e1 = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e1 : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %e2 = tensor.empty() : tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e2 : tensor<4x8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %r = math.sqrt %v : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %e3 = tensor.empty() : tensor<4x8xf32>
  %c = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e3 : tensor<4x8xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @branch(
// CHECK: %[[R:.*]] = scf.if
// CHECK: memref.alloc()
// CHECK: %[[BASE:.*]], %{{.*}}, %{{.*}}:2, %{{.*}}:2 = memref.extract_strided_metadata %[[R]]
// CHECK: scf.if
// CHECK-NEXT: memref.dealloc %[[BASE]] : memref<f32>
func.func @branch(%x: tensor<4x8xf32>, %c: i1) -> tensor<4x8xf32> {
  %r = scf.if %c -> (tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<4x8xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.addf %v, %v : f32
      linalg.yield %s : f32
    } -> tensor<4x8xf32>
    scf.yield %n : tensor<4x8xf32>
  } else {
    scf.yield %x : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}
