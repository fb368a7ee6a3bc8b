// One tensor.empty shared by several linalg ops (importers CSE them) is
// split per framework op before bufferization (lib/frontend/split_empty.c):
// ops of different framework ops get buffers of their own, as an eager
// framework gives them; ops of one framework op keep sharing it, so the
// analysis still lets the second write in place into the first's buffer.
// Without the split the add would write in place into the exp's buffer
// (the out-parameter), making the exp's result cross into the add's
// kernel through the caller's output.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s

// CHECK-LABEL: func.func @across_ops(
// CHECK-SAME: %[[X:[^:]*]]: memref<4x8xf32>, %[[OUT:[^:]*]]: memref<4x8xf32>) {
// CHECK: %[[T:.*]] = memref.alloc() {{.*}} : memref<4x8xf32>
// CHECK: affine.store %{{.*}}, %[[T]][{{.*}}] {solar.framework_op = "aten.exp.default:exp"}
// CHECK: affine.load %[[T]]
// CHECK: affine.store %{{.*}}, %[[OUT]][{{.*}}] {solar.framework_op = "aten.add.Tensor:add"}
// CHECK: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @across_ops(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) attrs = {solar.framework_op = "aten.exp.default:exp"} {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) attrs = {solar.framework_op = "aten.add.Tensor:add"} {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// Both ops are one framework op: one buffer, the out-parameter, no
// temporary.
// CHECK-LABEL: func.func @within_op(
// CHECK-SAME: %[[X:[^:]*]]: memref<4x8xf32>, %[[OUT:[^:]*]]: memref<4x8xf32>) {
// CHECK-NOT: memref.alloc
// CHECK: affine.store %{{.*}}, %[[OUT]][{{.*}}] {solar.framework_op = "aten.exp.default:exp"}
// CHECK: affine.store %{{.*}}, %[[OUT]][{{.*}}] {solar.framework_op = "aten.exp.default:exp"}
// CHECK-NOT: memref.alloc
// CHECK: return
func.func @within_op(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) attrs = {solar.framework_op = "aten.exp.default:exp"} {
  ^bb0(%v: f32, %o: f32):
    %r = math.exp %v : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%a, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) attrs = {solar.framework_op = "aten.exp.default:exp"} {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %r = arith.addf %v, %w : f32
    linalg.yield %r : f32
  } -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
