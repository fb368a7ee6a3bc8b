// Compute inside a kernel overlaps across units (docs/sol-model.md,
// "Compute time"): a causal scaled dot-product attention,
// Inputs/sdpa-causal.mlir (batch 2, 4 heads, S = 256, head dim 64, f32,
// IEEE fp32 math), on H100_SXM and on a copy of it whose fp32 CUDA-core
// MACs and fp32 vector ops share one pipe (Inputs/h100-fma-alu.yaml).
// RUN: solar-opt %S/Inputs/sdpa-causal.mlir --solar-sol=H100_SXM | FileCheck %s
// RUN: solar-opt %S/Inputs/sdpa-causal.mlir --solar-sol=%S/Inputs/h100-fma-alu.yaml | FileCheck %s --check-prefix=SHARED

// Work (B*H = 8 heads, 256*257/2 = 32896 causal pairs j <= i per head):
//   q * 1/8           8*256*64            =    131072 mul
//   S = q k^T         8*32896*64          =  16842752 MAC
//   row max           8*32896             =    263168 max
//   exp(S - max)      8*32896             =    263168 sub + 263168 exp
//   row sum           8*32896             =    263168 add
//   P v               8*32896*64          =  16842752 MAC
//   O / sum           8*256*64            =    131072 div
// MACs 33685504 (the issue's necessary MACs); ALU 131072 + 263168 + 2 *
// 263168 = 920576 ops; SFU 263168; DIV 131072.
// flops = 2*33685504 + 920576 + 263168 + 131072 = 68685824.
// CHECK: solar.sol = #solar.sol<{arch = "H100_SXM"
// CHECK-SAME: bound_ideal = "compute"
// CHECK-SAME: bytes_ideal = 2097152 : i64
//
// H100_SXM (fp32 IEEE on the FMA pipe, 18281 MAC/cycle at 1.83 GHz =
// 3.345423e13 MAC/s; ALU the same rate; SFU and DIV 2286/cycle =
// 4.18338e12/s): per unit over the whole function (ideal: one kernel)
//   FMA 33685504 / 3.345423e13 = 1.0069131e-6 s
//   ALU   920576 / 3.345423e13 = 2.75175e-8 s
//   SFU   263168 / 4.18338e12  = 6.29079e-8 s
//   DIV   131072 / 4.18338e12  = 3.13317e-8 s
// The units overlap: compute = max = 1.0069131e-6 s <= 1.017 us; the DRAM
// time of q, k, v, o (4 * 524288 B = 2097152 B / 3.35e12 B/s = 6.26e-7 s)
// is below it, so ideal = fused = cache-aware = 1.0069131e-6 s. Charged
// node by node, the same work took 1.0069131e-6 + 2.75175e-8 + 6.29079e-8 +
// 3.13317e-8 = 1.1286702e-6 s.
// CHECK-SAME: compute_s = 1.0069131467082001E-6 : f64
// CHECK-SAME: flops = 68685824 : i64
// CHECK-SAME: groups = 1 : i64
// CHECK-SAME: ops = {add = 526336 : i64, cast = 0 : i64, cmp = 0 : i64, div = 131072 : i64, mac = 33685504 : i64, minmax = 263168 : i64, mul = 131072 : i64, other = 0 : i64, select = 0 : i64, transcendental = 263168 : i64}
// CHECK-SAME: time_cache_s = 1.0069131467082001E-6 : f64, time_fused_s = 1.0069131467082001E-6 : f64, time_ideal_s = 1.0069131467082001E-6 : f64

// Where the file puts fp32 FMA and ALU work on one pipe, their times add
// up: (33685504 + 920576) / 3.345423e13 = 1.0344306e-6 s, still above the
// SFU's and the DIV's.
// SHARED: solar.sol = #solar.sol<{arch = "H100_SXM_fma_alu"
// SHARED-SAME: compute_s = 1.0344306235713699E-6 : f64
// SHARED-SAME: time_ideal_s = 1.0344306235713699E-6 : f64
