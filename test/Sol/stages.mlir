// Each stage runs alone (lifting what it needs) and the next stage reads
// what the previous one attached instead of recomputing it.
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-fusion-groups=512 | FileCheck %s --check-prefix=FUSION
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-fusion-groups=512 --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=REUSE
// RUN: solar-opt %S/Inputs/mlp.mlir --pass-pipeline='builtin.module(solar-einsum-graph, solar-fusion-groups{capacity=512}, solar-cache-traffic, solar-sol{arch=%S/Inputs/round.yaml})' | FileCheck %s --check-prefix=REUSE

// Without a hardware file, fusion uses only the capacity given (512 B): the
// groups are {0,1} and {2} (see mlp-fidelities.mlir); the graph is attached
// too, since fusion lifted it.
// FUSION: solar.einsum_graph = #solar.einsum_graph<
// FUSION-SAME: solar.fusion = #solar.fusion<{capacity_bytes = 512 : i64
// FUSION-SAME: dram_bytes = 229376 : i64, id = 0 : i64, internal = [], live_bytes = 0 : i64, nodes = [0, 1]
// FUSION-SAME: dram_bytes = 132096 : i64, id = 1 : i64, internal = [], live_bytes = 0 : i64, nodes = [2]
// FUSION-NOT: solar.sol

// solar-sol then uses those two groups although its own capacity (the
// chip's 1 MiB L2) would have fused all three: 361472 B, not 230400 B.
// REUSE: solar.fusion = #solar.fusion<{capacity_bytes = 512 : i64
// REUSE: bytes_fused = 361472 : i64
// REUSE-SAME: groups = 2 : i64
