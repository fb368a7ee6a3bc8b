// The unfused fidelity charges DRAM traffic once per framework op (one
// eager kernel), not once per loop nest. Inputs/softmax-framework-op.mlir
// is the row softmax of softmax-units.mlir (32x1024 f32, Round: 2e12
// vector op/s, 1e11 exp/s, 5e10 div/s, 1e12 B/s) with solar.framework_op
// on its loops.
// RUN: solar-opt %S/Inputs/softmax-framework-op.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s
// RUN: solar-opt %S/Inputs/softmax-framework-op.mlir --solar-einsum-graph | FileCheck %s --check-prefix=GRAPH

// Every node records the framework op of the nearest enclosing op with one.
// GRAPH: framework_op = "aten._softmax.default:_softmax", id = 0 : i64
// GRAPH: framework_op = "aten._softmax.default:_softmax", id = 5 : i64
// GRAPH: framework_op = "aten.amax.default:amax", id = 0 : i64
// GRAPH: framework_op = "aten.amax.default:amax", id = 1 : i64
// GRAPH-NOT: framework_op
// GRAPH: id = 2 : i64

// @tagged: all six nodes are one kernel; mx, sum and e never leave it:
// read x 32*1024*4 = 131072 + write y 131072 = 262144 B (softmax-units.mlir
// counts 787584 B per nest). The kernel's units overlap: compute is the
// longest unit's total, max(ALU (32768 max + 32768 sub + 32768 add)/2e12 =
// 4.9152e-8, SFU 32768/1e11 = 3.2768e-7, DIV 32768/5e10 = 6.5536e-7) =
// 6.5536e-7. Time max(6.5536e-7, 2.62144e-7).
// CHECK-LABEL: func.func @tagged
// CHECK: bytes_unfused = 262144 : i64
// CHECK-SAME: kernels_unfused = 1 : i64
// CHECK-SAME: time_unfused_s = 6.553600e-07 : f64

// @partial: nodes 0-1 (fill mx, max) are one kernel: x 131072 (the first
// kernel to touch it reads it from DRAM) + mx written 128 (an intermediate:
// it stays in Round's 1 MiB L2, max(0, 128 - 1048576) = 0) = 131072 B ->
// 1.31072e-7 s; nodes 2-5 stay per nest (softmax-units.mlir), and every
// tensor they exchange is an intermediate or x again, all resident (at most
// 262272 B per kernel < 1 MiB): only the division's write of y 131072 B
// moves. Fill 0 s; exp SFU 32768/1e11 = 3.2768e-7; sum ALU 32768/2e12 =
// 1.6384e-8; div max(DIV 6.5536e-7, 1.31072e-7). Total 262144 B,
// 1.31072e-7 + 3.2768e-7 + 1.6384e-8 + 6.5536e-7 = 1.130496e-6 s, 5
// kernels; the DRAM round-trip figure keeps 128 + 262272 + 131456 + 262272
// + 131200 = 787328 B.
// CHECK-LABEL: func.func @partial
// CHECK: bytes_unfused = 262144 : i64, bytes_unfused_dram = 787328 : i64
// CHECK-SAME: kernels_unfused = 5 : i64
// CHECK-SAME: time_unfused_s = 1.1304959999999999E-6 : f64

// An eager view op (a framework op of layout nodes only, here a permute)
// runs no kernel: its output is indexed by its readers, never written or
// read back (Inputs/eager-view.mlir), and the sum reads x through it, in its
// own kernel (eager's sum reads x strided). Kernel permute: nothing, 0 s;
// kernel sum: reads x 16*32*4 = 2048 B through the view and writes y 32*4 =
// 128 B (its reads of y are served by its own fill): 2176 B; its 512 adds
// take 512/2e12 = 2.56e-10 s < 2176/1e12 = 2.176e-9 s (Round), DRAM-bound;
// total 2.176e-9 s. (Before, the permute's kernel read x in a term of its
// own, 2.048e-9 s, and the sum took max(2.56e-10, 128/1e12): 2.304e-9 s,
// above the one strided sum eager runs.)
// RUN: solar-opt %S/Inputs/eager-view.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=VIEW
// VIEW: bytes_unfused = 2176 : i64
// VIEW-SAME: kernels_unfused = 2 : i64
// VIEW-SAME: time_unfused_s = 2.176000e-09 : f64

// Views and their readers (Inputs/eager-view-readers.mlir; docs/sol-model.md
// "Unfused"), Round: 1e12 FMA/s, 2e12 add/s, 1e12 B/s.
// RUN: solar-opt %S/Inputs/eager-view-readers.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=READERS
// RUN: solar-opt %S/Inputs/eager-view-readers.mlir '--pass-pipeline=builtin.module(func.func(solar-sol{arch=%S/Inputs/round.yaml detail=true}))' | FileCheck %s --check-prefix=READERS-KERNELS
//
// @transpose_matmul, C = A^T B (A 64x32, B 64x16, C 32x16): the matmul's
// 32*16*64 = 32768 MACs take 3.2768e-8 s; it reads A (8192 B) through the
// view, B 4096 B and writes C 2048 B: 14336 B, 1.4336e-8 s: compute-bound,
// 3.2768e-8 s, the fused and ideal figure too: eager's matmul reads A
// strided inside its compute-bound kernel. Before, the transpose's kernel
// read A in a term of its own: 8192/1e12 + 3.2768e-8 = 4.096e-8 s, above
// every implementation eager could run.
// READERS-LABEL: func.func @transpose_matmul
// READERS: bytes_unfused = 14336 : i64
// READERS-SAME: kernels_unfused = 2 : i64
// READERS-SAME: time_fused_s = 3.276800e-08 : f64
// READERS-SAME: time_unfused_s = 3.276800e-08 : f64
// The view op's kernel moves nothing (SOL 0, warm 0: the row a trace gives
// aten::numpy_T); the matmul's kernel holds A's bytes.
// READERS-KERNELS-LABEL: func.func @transpose_matmul
// READERS-KERNELS: kernel_detail = [{bound_unfused = "compute", bound_warm = "compute", bytes_unfused = 0 : i64, compute_s = 0.000000e+00 : f64, first_node = 0 : i64, flops = 0 : i64, framework_op = "aten.numpy_T.default:numpy_t", {{.*}}time_unfused_s = 0.000000e+00 : f64, time_warm_s = 0.000000e+00 : f64}, {bound_unfused = "compute", bound_warm = "compute", bytes_unfused = 14336 : i64, compute_s = 3.276800e-08 : f64, first_node = 1 : i64, flops = 65536 : i64, framework_op = "aten.matmul.default:matmul", {{.*}}time_unfused_s = 3.276800e-08 : f64, time_warm_s = 3.276800e-08 : f64}]
//
// @slice_of_transpose, the sum over the first 8 rows of x.t() (x 16x32):
// two views in a chain. The sum reads all 8*16 = 128 elements of the
// slice; the slice writes each of its 128 elements once from 128 of the
// transpose's 512 (all written), so at least 128 - (512 - 512) = 128 of
// them are touched, and they come from at least 512 - (512 - 128) = 128
// elements of x: 512 B, plus y 16*4 = 64 B: 576 B; its 128 adds take
// 6.4e-11 s < 5.76e-10 s. Both view ops move nothing.
// READERS-KERNELS-LABEL: func.func @slice_of_transpose
// READERS-KERNELS: kernel_detail = [{{{.*}}bytes_unfused = 0 : i64, {{.*}}framework_op = "aten.t.default:t", {{.*}}}, {{{.*}}bytes_unfused = 0 : i64, {{.*}}framework_op = "aten.slice.Tensor:slice", {{.*}}}, {bound_unfused = "dram", {{.*}}bytes_unfused = 576 : i64, compute_s = 6.400000e-11 : f64, {{.*}}framework_op = "aten.sum.dim_IntList:sum", {{.*}}time_unfused_s = 5.7599999999999998E-10 : f64
// The ideal and fused fidelities charge the transpose's reads over its
// necessary points only (docs/sol-model.md "Views"): the 8*16 = 128 of
// them whose elements the slice keeps, 128 elements of x, 512 B, + y 64 B
// = 576 B, the eager kernels' figure (it was 2112 B, all 512 elements of
// x, when the transpose's reads counted as lowered).
// READERS-LABEL: func.func @slice_of_transpose
// READERS: bytes_cache = 576 : i64, bytes_fused = 576 : i64, bytes_fused_dram = 576 : i64, bytes_ideal = 576 : i64, bytes_unfused = 576 : i64, bytes_unfused_dram = 576 : i64
//
// @expand_add, b.expand(32, 16) + w: the add reads all 512 elements of the
// broadcast view, each written once from b's 16: at least 16 - (512 - 512)
// = 16 of b, 64 B; w 2048 B and z 2048 B: 4160 B, 4.16e-9 s > its 512 adds'
// 2.56e-10 s.
// READERS-LABEL: func.func @expand_add
// READERS: bytes_unfused = 4160 : i64
// READERS-SAME: kernels_unfused = 2 : i64
// READERS-SAME: time_unfused_s = 4.160000e-09 : f64
