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
// read back (Inputs/eager-view.mlir). Kernel permute: reads x 16*32*4 =
// 2048 B; kernel sum: writes y 32*4 = 128 B (its reads of y are served by
// its own fill); t moves in neither: 2176 B. Round: permute is DRAM-bound,
// 2048/1e12 = 2.048e-9 s; sum's 512 adds take 512/2e12 = 2.56e-10 s >
// 128/1e12, compute-bound; total 2.304e-9 s.
// RUN: solar-opt %S/Inputs/eager-view.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=VIEW
// VIEW: bytes_unfused = 2176 : i64
// VIEW-SAME: kernels_unfused = 2 : i64
// VIEW-SAME: time_unfused_s = 2.304000e-09 : f64
