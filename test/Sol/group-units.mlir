// A fused group's compute is the longest unit's total over its nodes, not
// the sum of its nodes' times: a convolution with a LayerNorm + GELU
// epilogue (Inputs/conv-ln-gelu.mlir, f32) on Inputs/round.yaml (FMA 1e12
// MAC/s, ALU 2e12 op/s, SFU 1e11 op/s; no shared pipe) and on the same
// chip with fp32 FMA and ALU work on one pipe (Inputs/round-shared.yaml).
// RUN: solar-opt %S/Inputs/conv-ln-gelu.mlir --solar-sol=%S/Inputs/round.yaml --solar-detail | FileCheck %s
// RUN: solar-opt %S/Inputs/conv-ln-gelu.mlir --solar-sol=%S/Inputs/round-shared.yaml | FileCheck %s --check-prefix=SHARED

// Nodes and their work (8 channels x 8x8 pixels = 512 points):
//   1 conv         8*8*8 * 4*3*3 = 18432 MAC             FMA 1.8432e-8 s
//   3 sum over o   512 add                               ALU 2.56e-10 s
//   4 mean * 1/8   64 mul                                ALU 3.2e-11 s
//   6 sum (c-m)^2  512 sub (ALU 2.56e-10 s) + 512 MAC    FMA 5.12e-10 s
//   7 normalize and GELU, per point: var*1/8, +eps, c-m, *rsqrt, *0.70710678,
//     erf+1, *0.5, * = 8 ALU ops (4096: 2.048e-9 s) and rsqrt, erf
//     (1024 SFU: 1.024e-8 s)
// (0, 2, 5 store zeros). Each node alone takes its longest unit (node
// detail, below).
//
// One fusion group holds all eight nodes (4800 B: x 1600, w 1152, y 2048;
// 4.8e-9 s at 1e12 B/s). Its units run side by side, each adding up its
// work over the nodes:
//   FMA (18432 + 512) / 1e12                      = 1.8944e-8 s
//   ALU (512 + 64 + 512 + 4096) / 2e12 = 5184 ops = 2.592e-9 s
//   SFU 1024 / 1e11                               = 1.024e-8 s
// compute = max = 1.8944e-8 s (node by node it was 1.8432e-8 + 2.56e-10 +
// 3.2e-11 + 5.12e-10 + 1.024e-8 = 2.9472e-8 s).
// CHECK: group_detail = [{bound_cache = "compute", bound_fused = "compute", bytes_cache = 4800 : i64, bytes_cache_inner = 4800 : i64, bytes_fused = 4800 : i64, compute_s = 1.894400e-08 : f64
// CHECK-SAME: groups = 1 : i64
// CHECK-SAME: compute_s = 1.843200e-08 : f64, compute_unit = "fma"
// CHECK-SAME: compute_s = 5.120000e-10 : f64, compute_unit = "fma"
// CHECK-SAME: compute_s = 1.024000e-08 : f64, compute_unit = "sfu"
// CHECK-SAME: ops = {add = 2560 : i64, cast = 0 : i64, cmp = 0 : i64, div = 0 : i64, mac = 18944 : i64, minmax = 0 : i64, mul = 2624 : i64, other = 0 : i64, select = 0 : i64, transcendental = 1024 : i64}
// CHECK-SAME: time_cache_s = 1.894400e-08 : f64, time_fused_s = 1.894400e-08 : f64, time_ideal_s = 1.894400e-08 : f64

// With fp32 FMA and ALU on one pipe their totals add: 1.8944e-8 +
// 2.592e-9 = 2.1536e-8 s, above the SFU's 1.024e-8 s.
// SHARED: solar.sol = #solar.sol<{arch = "RoundShared"
// SHARED-SAME: compute_s = 2.153600e-08 : f64
// SHARED-SAME: time_fused_s = 2.153600e-08 : f64, time_ideal_s = 2.153600e-08 : f64
