// Each stage runs alone (lifting what it needs) and the next stage reads
// what the previous one attached instead of recomputing it.
// RUN: solar-opt %S/Inputs/matmul-chain.mlir --solar-fusion-groups=64 | FileCheck %s --check-prefix=FUSION
// RUN: solar-opt %S/Inputs/matmul-chain.mlir --solar-fusion-groups=64 --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=REUSE
// RUN: solar-opt %S/Inputs/matmul-chain.mlir --pass-pipeline='builtin.module(solar-einsum-graph, solar-fusion-groups{capacity=64}, solar-cache-traffic, solar-sol{arch=%S/Inputs/round.yaml})' | FileCheck %s --check-prefix=REUSE

// Without a hardware file, fusion uses only the capacity given (64 B).
// Nodes: 0 fill t, 1 t += x*w, 2 fill y, 3 y += t*v. t (8x32 f32) feeds a
// contraction, so a group holding nodes 1 and 3 keeps one row of t on chip,
// 32*4 = 128 B > 64: the groups are {0,1} and {2,3}.
// {0,1}: x 8*16*4 = 512 + w 16*32*4 = 2048 + t written 8*32*4 = 1024 = 3584 B;
// {2,3}: v 32*4*4 = 512 + y written 8*4*4 = 128 + t read 1024 = 1664 B
// (y's reads are served by the fill inside the group). The graph is attached
// too, since fusion lifted it.
// FUSION: solar.einsum_graph = #solar.einsum_graph<
// FUSION-SAME: solar.fusion = #solar.fusion<{capacity_bytes = 64 : i64
// FUSION-SAME: dram_bytes = 3584 : i64, id = 0 : i64, internal = [], live_bytes = 0 : i64, nodes = [0, 1]
// FUSION-SAME: dram_bytes = 1664 : i64, id = 1 : i64, internal = [], live_bytes = 0 : i64, nodes = [2, 3]
// FUSION-SAME: ideal_bytes = 3200 : i64
// FUSION-NOT: solar.sol

// solar-sol then uses those two groups although its own capacity (the
// chip's 1 MiB L2) would have fused all four: 3584 + 1664 = 5248 B with t
// through DRAM between them, not the 3200 B of x, w, v and y. t (1024 B)
// fits the 1 MiB L2 between the groups (docs/sol-model.md, "Between
// kernels"), so the fused bytes are 3200.
// REUSE: solar.fusion = #solar.fusion<{capacity_bytes = 64 : i64
// REUSE: bytes_fused = 3200 : i64, bytes_fused_dram = 5248 : i64
// REUSE-SAME: groups = 2 : i64
