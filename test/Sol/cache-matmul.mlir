// Cache-aware traffic of a 1024^3 f32 matmul (C += A*B) with 64 KiB on chip,
// on Inputs/slow.yaml (DRAM 1e10 B/s, 1e12 FMA/s, inner L1+regs 128 KiB).
// RUN: solar-opt %S/Inputs/matmul1024.mlir --solar-sol='{arch=%S/Inputs/slow.yaml stages=true}' --solar-capacity=64KiB | FileCheck %s
// RUN: solar-opt %S/Inputs/matmul1024.mlir --solar-cache-traffic --solar-capacity=65536 | FileCheck %s --check-prefix=TRAFFIC

// Compulsory (fused) bytes: A 4 MiB + B 4 MiB + C read 4 MiB + C write 4 MiB
// = 16777216. Proven bound (Smith et al.), 64 KiB = 16384 f32, sqrt 128:
// 2 * 1024^3 / 128 - 2 * 16384 = 16744448 elements * 4 B = 66977792 B.
// Times: compute 1024^3 / 1e12 = 1.073741824e-3 s; fused 16777216 / 1e10 =
// 1.6777216e-3 s; cache-aware 66977792 / 1e10 = 6.6977792e-3 s (both DRAM).
// Inner level: 128 KiB = 32768 f32, sqrt 181.019: 2^31/181.019 - 65536 =
// 11797747.2 el * 4 = 47190988.8 B at 4e12 B/s = 1.18e-5 s (not binding).
// CHECK: bound = "dram"
// CHECK-SAME: bytes_cache = 66977792 : i64, bytes_fused = 16777216 : i64
// CHECK-SAME: compute_s = 0.001073741824 : f64
// CHECK-SAME: time_cache_s = 0.0066977792000000001 : f64, time_fused_s = 0.0016777216000000001 : f64
// CHECK: solar.traffic = #solar.traffic<{capacity_bytes = 65536 : i64, groups = [{compulsory_bytes = 16777216 : i64, exponent = 1.500000e+00 : f64, group = 0 : i64, hbl_bytes = 66977792 : i64, inner_lower_bound_bytes = 47190988.812125802 : f64, lower_bound_bytes = 66977792 : i64
// Best tiling found: M=64, N=128, K=1 with K innermost: 16*8*1024 = 131072
// tiles; A 64 el (256 B) and B 128 el (512 B) reload per tile: 32 MiB + 64 MiB;
// C 64*128*4 = 32 KiB stays across K: 128 loads = 4 MiB; total 104857600 B,
// working set 256 + 512 + 32768 = 33536 B <= 64 KiB. Achievable, so above
// the bound; reported only.
// CHECK-SAME: tile = "M=64,N=128,K=1", tile_working_set_bytes = 33536 : i64, tiled_bytes = 104857600 : i64}], inner_capacity_bytes = 131072 : i64}>

// Without a hardware file the traffic pass needs only a capacity; the inner
// level is then unknown (infinite) and only the DRAM-level bound is given.
// TRAFFIC: solar.traffic = #solar.traffic<{capacity_bytes = 65536 : i64, groups = [{compulsory_bytes = 16777216 : i64, exponent = 1.500000e+00 : f64, group = 0 : i64, hbl_bytes = 66977792 : i64, inner_lower_bound_bytes = 16777216 : i64, lower_bound_bytes = 66977792 : i64
