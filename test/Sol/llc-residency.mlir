// Last-level-cache residency between kernels (docs/sol-model.md, "Between
// kernels: the last-level cache"): Inputs/chain3.mlir is a = x + 1,
// b = a * 2, y = b - 3 on 256x1024 f32 tensors (1 MiB = 1048576 B each),
// three nests without framework ops, so three unfused kernels.
// RUN: solar-opt %S/Inputs/chain3.mlir --solar-sol=H100_SXM | FileCheck %s --check-prefix=H100
// RUN: solar-opt %S/Inputs/chain3.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=ROUND
// RUN: solar-opt %S/Inputs/chain3.mlir --solar-sol=%S/Inputs/round-l2-512k.yaml | FileCheck %s --check-prefix=HALF
// RUN: solar-opt %S/Inputs/chain3.mlir --solar-sol=%S/Inputs/round-l2-512k.yaml --solar-capacity=2MiB | FileCheck %s --check-prefix=ROUND-BYTES

// H100 (50 MB L2): a and b stay in the L2 between the kernels, so only the
// first read of x and the write of the result y move: 1048576 + 1048576 =
// 2097152 B, where the DRAM round trip moves every tensor between kernels:
// x, a | a, b | b, y = 6 * 1048576 = 6291456 B. The one fused group moves
// x and y either way.
// H100: bytes_cache = 2097152 : i64, bytes_fused = 2097152 : i64, bytes_fused_dram = 2097152 : i64, bytes_ideal = 2097152 : i64, bytes_unfused = 2097152 : i64, bytes_unfused_dram = 6291456 : i64
// H100-SAME: kernels_unfused = 3 : i64

// Round (1 MiB L2, 1e12 B/s, 2e12 vector op/s): a tensor of exactly the
// capacity still fits, max(0, 1048576 - 1048576) = 0. Kernel 1: x 1048576 B
// -> 1.048576e-6 s (262144 adds take 1.31072e-7 s); kernel 2: nothing
// moves, its 262144 muls take 1.31072e-7 s; kernel 3: y 1048576 B ->
// 1.048576e-6 s. Unfused 2097152 B, 2.228224e-6 s.
// ROUND: bytes_unfused = 2097152 : i64, bytes_unfused_dram = 6291456 : i64
// ROUND-SAME: time_unfused_s = 2.2282239999999999E-6 : f64

// 512 KiB L2 (524288 B): each kernel may find 524288 B of its inputs
// resident and leave 524288 B of its intermediate outputs there. Kernel 1:
// x cold 1048576 + a max(0, 1048576 - 524288) = 524288 -> 1572864 B;
// kernel 2: a 524288 + b 524288 = 1048576 B; kernel 3: b 524288 + y (a
// result, whole) 1048576 = 1572864 B. Unfused 4194304 B, all DRAM-bound:
// 4.194304e-6 s. The fused group (3 nodes: up to 3 kernels) still moves
// only x and y, 2097152 B.
// HALF: bytes_fused = 2097152 : i64, bytes_fused_dram = 2097152 : i64, bytes_ideal = 2097152 : i64, bytes_unfused = 4194304 : i64, bytes_unfused_dram = 6291456 : i64
// HALF-SAME: time_unfused_s = 4.1943039999999999E-6 : f64

// A grouping capacity larger than the file's L2 (--solar-capacity=2MiB)
// is the cache the figures assume: a and b fit again, 2097152 B.
// ROUND-BYTES: bytes_unfused = 2097152 : i64, bytes_unfused_dram = 6291456 : i64
