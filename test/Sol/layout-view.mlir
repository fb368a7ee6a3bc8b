// A pure layout node (t = x^T, no arithmetic) is a view in the fused and
// cache-aware fidelities: t never moves, even when capacity puts its
// producer and one of its readers in different groups (Inputs/transpose-view.mlir
// on Inputs/round.yaml: 1e12 MAC/s, 2e12 vector op/s, 1e12 B/s).
// RUN: solar-opt %S/Inputs/transpose-view.mlir --solar-sol='{arch=%S/Inputs/round.yaml stages=true}' --solar-capacity=16 | FileCheck %s

// Nodes: 0 t[j,i] = x[i,j] (layout), 1 u = 0, 2 u += t*w (32*8*16 = 4096
// MAC), 3 z = 0, 4 z += u (256 adds), 5 y = t * z (512 muls).
// Grouping at 16 B: the layout node joins its first reader (no capacity
// check for layout producers): {0,1,2}. u feeds the z reduction, so fusing
// {0,1,2} with node 4 would keep a row of u on chip, 8*4 = 32 B > 16: no.
// {3,4} then takes y = t*z (z is read only by that map: no buffer), and
// {0,1,2} + {3,4,5} is refused for convexity (2 -> 4 -> 5).
// {0,1,2}: x 16*32*4 = 2048 + w 16*8*4 = 512 + u written 32*8*4 = 1024
//          = 3584 B (t: a view, not written);
// {3,4,5}: u read 1024 + y written 32*16*4 = 2048 = 3072 B (t: a view, not
//          read). Fused 6656 B; with t moved it would be 6656 + 2*2048.
// Times: {0,1,2} compute 4.096e-9 > 3.584e-9 B/s; {3,4,5} DRAM
// 3.072e-9 > (256 + 512)/2e12: 7.168e-9 s with every tensor between groups
// making a DRAM round trip (bytes_fused_dram).
// Last-level cache (Round: 1 MiB L2; a group of n nodes may run as n
// kernels, each finding up to 1 MiB resident): u (1024 B, an intermediate)
// needs no DRAM between the groups: {0,1,2} x 2048 + w 512 = 2560 B, time
// max(4.096e-9, 2.56e-9) = 4.096e-9; {3,4,5} y 2048 B, max(3.84e-10,
// 2.048e-9) = 2.048e-9: fused 4608 B = ideal, 6.144e-9 s.
// Unfused (one kernel per node, t moves): n0 x 2048 + t 2048; n1 u 1024;
// n2 t 2048 + w 512 + u r/w 2048; n3 z 128; n4 u 1024 + z r/w 256; n5 t 2048
// + z 128 + y 2048: 15360 B round trip. With the cache only the first read
// of x and w and the write of y move: n0 2048 B (2.048e-9 s), n1 0, n2 512 B
// under its 4096 MACs (4.096e-9), n3 0, n4 256 adds (1.28e-10), n5 y 2048 B
// (2.048e-9): 4608 B, 8.32e-9 s. Ideal: x + w + y = 4608 B.

// CHECK: solar.fusion = #solar.fusion<{capacity_bytes = 16 : i64
// CHECK-SAME: dram_bytes = 3584 : i64, id = 0 : i64, internal = [3], live_bytes = 0 : i64, nodes = [0, 1, 2]
// CHECK-SAME: dram_bytes = 3072 : i64, id = 1 : i64, internal = [3, 5], live_bytes = 0 : i64, nodes = [3, 4, 5]
// CHECK-SAME: ideal_bytes = 4608 : i64
// CHECK: bytes_cache = 4608 : i64, bytes_fused = 4608 : i64, bytes_fused_dram = 6656 : i64, bytes_ideal = 4608 : i64, bytes_unfused = 4608 : i64, bytes_unfused_dram = 15360 : i64
// CHECK-SAME: kernels_unfused = 6 : i64
// CHECK-SAME: time_cache_s = 6.144000e-09 : f64, time_fused_s = 6.144000e-09 : f64, time_ideal_s = 4.608000e-09 : f64, time_unfused_s = 8.3199999999999994E-9 : f64
