// Fill + matmul + bias/ReLU over an intermediate %t (Inputs/mlp.mlir) on
// Inputs/round.yaml: the three fidelities differ.
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol='{arch=%S/Inputs/round.yaml stages=true}' | FileCheck %s
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol='{arch=%S/Inputs/round.yaml stages=true}' --solar-capacity=512 | FileCheck %s --check-prefix=SMALL
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol=%S/Inputs/round.yaml --solar-dtype=bf16 | FileCheck %s --check-prefix=BF16

// Nodes: 0 fill t (64x256, no ops), 1 t += x*w (64*256*128 = 2097152 MAC),
// 2 y = max(t + b, 0) (16384 points, 1 add + 1 max each).
// flops = 2*2097152 + 2*16384 = 4227072.
// Unfused bytes: n0 writes t 65536; n1 reads x 32768, w 131072, t 65536 and
// writes t 65536 = 294912; n2 reads t 65536, b 1024, writes y 65536 = 132096;
// total 492544 with t through DRAM between the kernels (bytes_unfused_dram).
// t (65536 B) fits Round's 1 MiB L2, so with the cache between kernels
// (docs/sol-model.md, "Between kernels") n0 moves 0, n1 x + w = 163840,
// n2 b + y = 66560: 230400 B.
// Unfused time: n0 0; n1 compute 2097152/1e12 = 2.097152e-6; n2 DRAM
// 6.656e-8 (vector 32768/2e12 = 1.6384e-8) -> 2.163712e-6.
// Fused (L2 1 MiB): t is read only by the bias/ReLU map (an epilogue, each
// element consumed where the matmul finalizes it), so it needs no on-chip
// buffer (live_bytes 0) and all three nodes fuse; only x, w, b, y move:
// 32768 + 131072 + 1024 + 65536 = 230400 B. The group's units overlap
// (Round shares no pipe): compute max(FMA 2.097152e-6, ALU 1.6384e-8) =
// 2.097152e-6 > 230400/1e12 -> 2.097152e-6. Cache-aware: a fused group
// keeps its compulsory bytes; ideal equals fused here.
// CHECK: solar.fusion = #solar.fusion<{capacity_bytes = 1048576 : i64, groups = [{boundary = [{bytes = 32768 : i64, read_elements = 8192 : i64, tensor = 0 : i64, write_elements = 0 : i64}, {bytes = 131072 : i64, read_elements = 32768 : i64, tensor = 1 : i64, write_elements = 0 : i64}, {bytes = 1024 : i64, read_elements = 256 : i64, tensor = 2 : i64, write_elements = 0 : i64}, {bytes = 65536 : i64, read_elements = 0 : i64, tensor = 3 : i64, write_elements = 16384 : i64}], dram_bytes = 230400 : i64, id = 0 : i64, internal = [4], live_bytes = 0 : i64, nodes = [0, 1, 2]}], ideal_bytes = 230400 : i64}>
// CHECK-SAME: bytes_cache = 230400 : i64, bytes_fused = 230400 : i64, bytes_fused_dram = 230400 : i64, bytes_ideal = 230400 : i64, bytes_unfused = 230400 : i64, bytes_unfused_dram = 492544 : i64
// CHECK-SAME: compute_s = 2.097152E-6 : f64
// CHECK-SAME: flops = 4227072 : i64, flops_lowered = 4227072 : i64, fp32_math = "ieee", groups = 1 : i64
// CHECK-SAME: time_cache_s = 2.097152E-6 : f64, time_fused_s = 2.097152E-6 : f64, time_ideal_s = 2.097152E-6 : f64, time_unfused_s = 2.163712E-6 : f64

// With 512 B on chip the epilogue still fuses (t needs no buffer), as
// torch.compile/XLA fuse it: one group {0,1,2} moving 230400 B.
// Cache-aware with 512 B = 128 f32 (sqrt 11.3137): the matmul alone would
// move >= 2*2097152/11.3137 - 2*128 = 370471.5 el = 1481886 B (Smith et al.);
// the fused fill and epilogue can spare one load and one store per element
// of t (2 * 65536 B): 1350814.4 B > the group's 230400 compulsory bytes,
// still below compute time (1.3508144e-6 < 2.097152e-6).
// SMALL: nodes = [0, 1, 2]
// SMALL-SAME: bytes_cache = 1350814.4003789299 : f64, bytes_fused = 230400 : i64, bytes_fused_dram = 230400 : i64, bytes_ideal = 230400 : i64, bytes_unfused = 230400 : i64, bytes_unfused_dram = 492544 : i64
// SMALL-SAME: groups = 1 : i64
// SMALL-SAME: time_cache_s = 2.097152E-6 : f64, time_fused_s = 2.097152E-6 : f64, time_ideal_s = 2.097152E-6 : f64

// bf16: tensor cores for the matmul, 2097152/8e12 = 2.62144e-7; vector bf16
// 32768/4e12 = 8.192e-9 on the ALU; compute max(2.62144e-7, 8.192e-9) =
// 2.62144e-7. Bytes halve: fused 115200.
// Unfused (t resident in the L2): n0 0; n1 max(2.62144e-7, x + w 81920 B
// -> 8.192e-8); n2 max(8.192e-9, b + y 33280 B -> 3.328e-8) -> 2.95424e-7
// (3.6096e-7 with t through DRAM).
// BF16: bytes_fused = 115200 : i64
// BF16-SAME: compute_s = 2.621440e-07 : f64
// BF16-SAME: time_fused_s = 2.621440e-07 : f64
// BF16-SAME: time_unfused_s = 2.954240e-07 : f64
