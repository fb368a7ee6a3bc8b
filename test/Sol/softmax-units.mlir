// Row softmax (Inputs/softmax.mlir, 32x1024 f32) on Inputs/round.yaml:
// exp runs on the SFU (1e11/s), divisions on the divide path (5e10/s),
// max/add/sub on the vector ALU (2e12/s); units overlap, so a node takes the
// time of its slowest unit, and a fused group the longest unit's total over
// its nodes (Round shares no pipe between units).
// RUN: solar-opt %S/Inputs/softmax.mlir --solar-sol='{arch=%S/Inputs/round.yaml stages=true}' --solar-detail | FileCheck %s

// Nodes: 0 mx = -inf (32 stores), 1 mx = max(mx, x) (32768 max), 2 sum = 0,
// 3 e = exp(x - mx) (32768 sub + 32768 exp), 4 sum += e (32768 add),
// 5 y = e / sum (32768 div).
// Unfused per node (bytes; time = max(compute, bytes / 1e12)):
//  0: mx 128 B                                  -> 1.28e-10 (dram)
//  1: x 131072 + mx r/w 256 = 131328 B; 32768/2e12 = 1.6384e-8 -> 1.31328e-7 (dram)
//  2: sum 128 B                                 -> 1.28e-10
//  3: x 131072 + mx 128 + e 131072 = 262272 B; exp 32768/1e11 = 3.2768e-7 (sfu) -> 3.2768e-7
//  4: x 131072 + mx 128 + sum r/w 256 = 131456 B -> 1.31456e-7 (dram)
//  5: e 131072 + sum 128 + y 131072 = 262272 B; 32768/5e10 = 6.5536e-7 (div) -> 6.5536e-7
//  sum: 1.24608e-6 s, 787584 B with every tensor between kernels through
//  DRAM (bytes_unfused_dram). With Round's 1 MiB L2 holding what kernels
//  exchange (docs/sol-model.md, "Between kernels"), only node 1's first
//  read of x (131072 B -> 1.31072e-7 s) and node 5's write of y (131072 B,
//  under its 6.5536e-7 s of divisions) move; mx, sum, e and x again are
//  resident: 0: 0; 1: 1.31072e-7; 2: 0; 3: 3.2768e-7 (sfu); 4: 32768 adds
//  1.6384e-8; 5: 6.5536e-7 -> 1.130496e-6 s, 262144 B.
// Fused: one group, mx/sum/e stay on chip. e (a map, recomputed where read)
// and sum (read only by the divide map, each element consumed where
// finalized) need no buffer; mx feeds the sum reduction (node 4 recomputes
// exp(x - mx)), one element per row live: 32*4/32 = 4 B. Only x and y move: 262144 B, 2.62144e-7 s, below
// the group's compute: per unit over the nodes, ALU 1.6384e-8 (max) +
// 1.6384e-8 (sub) + 1.6384e-8 (add) = 4.9152e-8, SFU 3.2768e-7, DIV
// 6.5536e-7; the longest, 6.5536e-7 (the node-by-node sum 1.015808e-6
// charged the units one after the other).
// CHECK: internal = [2, 3, 4], live_bytes = 4 : i64, nodes = [0, 1, 2, 3, 4, 5]
// CHECK-SAME: bytes_fused = 262144 : i64, bytes_fused_dram = 262144 : i64, bytes_ideal = 262144 : i64, bytes_unfused = 262144 : i64, bytes_unfused_dram = 787584 : i64, compute_s = 6.553600e-07 : f64
// CHECK-SAME: flops = 163840 : i64
// CHECK-SAME: compute_unit = "alu"
// CHECK-SAME: bytes_unfused = 0 : i64, compute_s = 3.276800e-07 : f64, compute_unit = "sfu"
// CHECK-SAME: bytes_unfused = 131072 : i64, compute_s = 6.553600e-07 : f64, compute_unit = "div"
// CHECK-SAME: ops = {add = 65536 : i64, cast = 0 : i64, cmp = 0 : i64, div = 32768 : i64, mac = 0 : i64, minmax = 32768 : i64, mul = 0 : i64, other = 0 : i64, select = 0 : i64, transcendental = 32768 : i64}
// CHECK-SAME: time_fused_s = 6.553600e-07 : f64, time_ideal_s = 6.553600e-07 : f64, time_unfused_s = 1.1304959999999999E-6 : f64
