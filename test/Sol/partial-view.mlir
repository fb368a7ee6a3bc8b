// A view read only in part: the layout node writing it reads its source
// over its necessary points only (docs/sol-model.md, "Views"), in every
// fidelity. Inputs/partial-view.mlir on Inputs/round.yaml (1e12 B/s,
// 2e12 vector op/s, 1 MiB L2); before, the transposes' reads counted as
// lowered: all 64*256*4 = 65536 B of x (65792 and 66048 B below).
// RUN: solar-opt %S/Inputs/partial-view.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s
// RUN: solar-opt %S/Inputs/partial-view.mlir --solar-einsum-graph | FileCheck %s --check-prefix=GRAPH

// @transpose_slice_sum, x.t()[:8].sum(0) with x 64 x 256: the transpose's
// necessary points are t[j, i] with j < 8 (the slice's rows), 8*64 = 512
// of its 16384, reading x[i, j], j < 8: 512 elements, 2048 B, + y written
// 64*4 = 256 B = 2304 B; 512 adds take 2.56e-10 s < 2.304e-9 s. t and the
// slice are views, never moved (fused, cache-aware, ideal alike). The
// unfused kernels move them: transpose x 2048 + t 65536 (written whole),
// slice t 2048 + s 2048, y = 0 256, sum s 2048 + y read and written 512:
// 74496 B round trip; the unfused figure itself is raised to the fused.
// GRAPH-LABEL: function = "transpose_slice_sum"
// GRAPH: necessary_domain = "{ S0[m, n] : 0 <= m <= 63 and 0 <= n <= 7 }", necessary_points = 512 : i64
// CHECK-LABEL: func.func @transpose_slice_sum
// CHECK-SAME: bytes_cache = 2304 : i64, bytes_fused = 2304 : i64, bytes_fused_dram = 2304 : i64, bytes_ideal = 2304 : i64, bytes_unfused = 2304 : i64, bytes_unfused_dram = 74496 : i64
// CHECK-SAME: time_cache_s = 2.304000e-09 : f64, time_fused_s = 2.304000e-09 : f64, time_ideal_s = 2.304000e-09 : f64, time_unfused_s = 2.304000e-09 : f64

// @two_slices: rows 0..7 and 4..11 of x.t(), summed into y and z. The
// transpose's necessary points are the union, j < 12: x[i, j], j < 12,
// 12*64 = 768 elements once each, 3072 B, + y 256 + z 256 = 3584 B. The
// unfused round trip: x 3072 + t 65536, y = 0 256, y's sum t 2048 + y 512,
// z = 0 256, z's sum t 2048 + z 512 = 74240 B.
// GRAPH-LABEL: function = "two_slices"
// GRAPH: necessary_domain = "{ S0[m, n] : 0 <= m <= 63 and 0 <= n <= 11 }", necessary_points = 768 : i64
// CHECK-LABEL: func.func @two_slices
// CHECK-SAME: bytes_cache = 3584 : i64, bytes_fused = 3584 : i64, bytes_fused_dram = 3584 : i64, bytes_ideal = 3584 : i64, bytes_unfused = 3584 : i64, bytes_unfused_dram = 74240 : i64
// CHECK-SAME: time_cache_s = 3.584000e-09 : f64, time_fused_s = 3.584000e-09 : f64, time_ideal_s = 3.584000e-09 : f64, time_unfused_s = 3.584000e-09 : f64
