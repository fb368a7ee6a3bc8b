// RUN: solar-opt --pass-pipeline='builtin.module(solar-einsum-graph{emit-ops})' %s | FileCheck %s
// The ops verify against the IRDL dialect, and running twice replaces the
// graph module instead of adding a second one.
// RUN: solar-opt --pass-pipeline='builtin.module(solar-einsum-graph{emit-ops})' %s | solar-opt --pass-pipeline='builtin.module(solar-einsum-graph{emit-ops})' | FileCheck %s --check-prefix=TWICE

// CHECK:      func.func @pipeline
// CHECK-SAME: solar.einsum_graph = #solar.einsum_graph<{
// CHECK:      module @solar_graph_pipeline attributes {solar.function = "pipeline"} {
// 16 exps, then 16 sqrts over the intermediate.
// CHECK-NEXT:   "solar.einsum"() {equation = "M->M", fields = {{{.*}}flops = 16 : i64, id = 0 : i64{{.*}}points = 16 : i64{{.*}}}} : () -> ()
// CHECK-NEXT:   "solar.einsum"() {equation = "M->M", fields = {{{.*}}id = 1 : i64{{.*}}}} : () -> ()
// CHECK-NEXT:   "solar.edge"() {consumer = 1 : i64, producer = 0 : i64, tensor = "%alloca"} : () -> ()
// CHECK-NEXT: }

// TWICE-COUNT-1: module @solar_graph_pipeline
// TWICE-NOT: module @solar_graph_pipeline

func.func @pipeline(%A: memref<16xf32>, %B: memref<16xf32>) {
  %T = memref.alloca() : memref<16xf32>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf32>
    %e = math.exp %a : f32
    affine.store %e, %T[%i] : memref<16xf32>
  }
  affine.for %i = 0 to 16 {
    %t = affine.load %T[%i] : memref<16xf32>
    %s = math.sqrt %t : f32
    affine.store %s, %B[%i] : memref<16xf32>
  }
  return
}
