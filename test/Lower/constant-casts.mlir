// Float casts of constants are folded into constants of the cast's type
// (lib/frontend/fold_constant_casts.c): torch-mlir spells an attention
// scale f32 cannot hold (1/sqrt(32) = 0.17677669529663689) as an f64
// constant and a truncf per point, and one it can (1/sqrt(4) = 0.5) as an
// f32 constant, so the same program had a cast per point at one size only.
// The fold rounds as truncf does at run time (to nearest, ties to even):
// f32's nearest to 0.17677669529663689 prints as 0.176776692. An extf is
// exact; a truncf with an explicit rounding mode is kept.
// RUN: solar-opt %s --solar-lower-to-affine | FileCheck %s
// RUN: solar-opt %s --solar-lower-to-affine --solar-einsum-graph | FileCheck %s --check-prefix=GRAPH

#id = affine_map<(d0) -> (d0)>

// CHECK-LABEL: func.func @scale
// CHECK-DAG: %[[Q:.*]] = arith.constant 2.500000e-01 : f64
// CHECK-DAG: %[[S:.*]] = arith.constant 0.176776692 : f32
// CHECK-NOT: arith.extf
// CHECK: arith.mulf %{{.*}}, %[[Q]] : f64
// CHECK-NEXT: arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: arith.mulf %{{.*}}, %[[S]] : f32
// CHECK: arith.truncf %{{.*}} downward : f32 to f16
// Node 0 over its 8 points: 2 multiplies, 1 add and 1 cast each (the
// truncf of the f64 product; before the fold also the truncf and the extf
// of the constants: cast = 24).
// GRAPH: equation = "M,M->M"{{.*}}ops = {add = 8 : i64, cast = 8 : i64, {{.*}}mul = 16 : i64
func.func @scale(%x: tensor<8xf32>, %y: tensor<8xf64>) -> (tensor<8xf32>, tensor<8xf16>) {
  %c = arith.constant 0.17677669529663689 : f64
  %q = arith.constant 2.500000e-01 : f32
  %h = arith.constant 3.3 : f32
  %e = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%x, %y : tensor<8xf32>, tensor<8xf64>) outs(%e : tensor<8xf32>) {
  ^bb0(%in: f32, %w: f64, %o: f32):
    %s = arith.truncf %c : f64 to f32
    %qq = arith.extf %q : f32 to f64
    %m = arith.mulf %w, %qq : f64
    %t = arith.truncf %m : f64 to f32
    %p = arith.mulf %in, %s : f32
    %a = arith.addf %p, %t : f32
    linalg.yield %a : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf16>
  %r2 = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%e2 : tensor<8xf16>) {
  ^bb0(%o: f16):
    %d = arith.truncf %h downward : f32 to f16
    linalg.yield %d : f16
  } -> tensor<8xf16>
  return %r, %r2 : tensor<8xf32>, tensor<8xf16>
}
