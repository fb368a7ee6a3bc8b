// SOL of C += A*B (64x16 * 16x32, f32) on the made-up chip Inputs/round.yaml:
// 1e12 FMA/s fp32, 8e12 tensor MAC/s bf16, DRAM 1e12 B/s, L2 1 MiB at 4e12 B/s.
// RUN: solar-opt %inputs/affine-matmul.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s
// RUN: solar-opt %inputs/affine-matmul.mlir --pass-pipeline='builtin.module(solar-sol{arch=%S/Inputs/round.yaml})' | FileCheck %s
// RUN: solar-opt %inputs/affine-matmul.mlir --solar-arch=%S/Inputs/round.yaml --solar-dtype=bf16 --solar-sol | FileCheck %s --check-prefix=BF16

// MACs 64*32*16 = 32768, flops 2*32768 = 65536.
// Bytes (one node = one group): A 64*16*4 = 4096, B 16*32*4 = 2048, C read
// and written 2 * 64*32*4 = 16384 -> 22528 at every fidelity.
// Compute: 32768 / 1e12 = 3.2768e-8 s; DRAM: 22528 / 1e12 = 2.2528e-8 s
// -> compute bound, 3.2768e-8 s everywhere. Intensity 65536/22528 = 2.909.
// Ridge: 2 * 1e12 flop/s / 1e12 B/s = 2 flop/B.
// CHECK: solar.sol = #solar.sol<{arch = "Round", bound = "compute", bound_fused = "compute", bound_ideal = "compute", bound_unfused = "compute"
// CHECK-SAME: bytes_cache = 22528 : i64, bytes_fused = 22528 : i64, bytes_ideal = 22528 : i64, bytes_unfused = 22528 : i64
// CHECK-SAME: compute_s = 3.276800e-08 : f64, dtype = "fp32", flops = 65536 : i64, flops_counter = 65536 : i64, flops_lowered = 65536 : i64, fp32_math = "ieee", groups = 1 : i64
// CHECK-SAME: intensity_cache = 2.9090909090909101 : f64
// CHECK-SAME: mac = 32768 : i64
// CHECK-SAME: ridge_flop_per_byte = 2.000000e+00 : f64
// CHECK-SAME: time_cache_s = 3.276800e-08 : f64, time_fused_s = 3.276800e-08 : f64, time_ideal_s = 3.276800e-08 : f64, time_unfused_s = 3.276800e-08 : f64

// bf16: tensor cores, 32768 / 8e12 = 4.096e-9 s; bytes halve to 11264,
// 11264 / 1e12 = 1.1264e-8 s -> DRAM bound. Ridge 2 * 8e12 / 1e12 = 16.
// BF16: bound = "dram"
// BF16-SAME: bytes_unfused = 11264 : i64, compute_s = 4.096000e-09 : f64, dtype = "bf16"
// BF16-SAME: ridge_flop_per_byte = 1.600000e+01 : f64
// BF16-SAME: time_unfused_s = 1.126400e-08 : f64
