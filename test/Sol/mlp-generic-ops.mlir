// Symbolic figures per framework-op kernel: the shape-generic MLP layer as
// two framework ops (Inputs/mlp-generic-ops.mlir): linear (zero-init and
// matmul into the intermediate t) and ReLU (t into y).
//
// RUN: solar-opt %S/Inputs/mlp-generic-ops.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SYM
// RUN: solar-opt %S/Inputs/mlp-generic-ops.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=8 hidden=16 out=32' -o /dev/null | FileCheck %s --check-prefix=AT-SMALL
// RUN: solar-opt %S/Inputs/mlp-generic-ops.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=64 hidden=128 out=256' -o /dev/null | FileCheck %s --check-prefix=AT-LARGE
// RUN: solar-opt %S/Inputs/mlp-generic-ops.mlir --solar-bind-shapes='arg0=8x16 arg1=16x32 arg2=8x32' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SMALL
// RUN: solar-opt %S/Inputs/mlp-generic-ops.mlir --solar-bind-shapes='arg0=64x128 arg1=128x256 arg2=64x256' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=LARGE
//
// Unfused, one kernel per framework op (Round: 1e12 B/s, 1e12 MAC/s, 2e12
// other op/s; fp32, 4 B):
//   linear reads x and w and writes t once (its own zero-init serves the
//   accumulator reads): 4*(b*h + h*o + b*o) B, b*o*h MACs;
//   relu reads t and writes y: 8*b*o B, b*o max ops.
// bytes_unfused_dram = 4*b*h + 4*h*o + 12*b*o (t through DRAM). The
// last-level cache may keep t between the kernels (docs/sol-model.md,
// "Between kernels"), which depends on the sizes: symbolically each kernel
// is charged what no cache serves, linear 4*(b*h + h*o), relu 4*b*o, the
// time is the larger of that sum and the fused time, and the bytes are the
// ideal's, 4*(b*h + h*o + b*o).
// SYM: bytes_unfused_expr = "[batch, out, hidden] -> { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 }"
// SYM-SAME: kernels_unfused = 2 : i64
// SYM-SAME: time_unfused_s_expr = "max(max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { (4 * batch + 4 * out) * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12) + max({ batch * out : batch > 0 and out > 0 } / 2e12, { 4 * batch * out : batch > 0 and out > 0 } / 1e12), max(
//
// b=8, h=16, o=32 (t 1 KiB fits Round's 1 MiB L2): linear max(4096 / 1e12,
// 2560 / 1e12) = 4.096 ns, relu max(256 / 2e12, 1024 / 1e12) = 1.024 ns:
// 3584 B, 5.12 ns (5632 B, 6.144 ns through DRAM). The
// function's compute overlaps the units: max(4096 / 1e12, 256 / 2e12) =
// 4.096 ns.
// AT-SMALL: at batch=8 hidden=16 out=32: flops=8448 compute_s=4.0959999999999999e-09 bytes_unfused=3584 time_unfused_s=5.1199999999999997e-09 bytes_fused=3584
// SMALL: bytes_unfused = 3584 : i64, bytes_unfused_dram = 5632 : i64
// SMALL-SAME: kernels_unfused = 2 : i64
// SMALL-SAME: time_unfused_s = 5.120000e-09 : f64
//
// b=64, h=128, o=256 (t 64 KiB): linear max(2097152 / 1e12, 163840 /
// 1e12) = 2.097152 us, relu max(16384 / 2e12, 65536 / 1e12) = 65.536 ns:
// 229376 B, 2.162688 us (360448 B through DRAM). Compute max(2097152 / 1e12, 16384 / 2e12) =
// 2.097152 us.
// AT-LARGE: at batch=64 hidden=128 out=256: flops=4210688 compute_s=2.097152e-06 bytes_unfused=229376 time_unfused_s=2.1626880000000002e-06 bytes_fused=229376
// LARGE: bytes_unfused = 229376 : i64, bytes_unfused_dram = 360448 : i64
// LARGE-SAME: kernels_unfused = 2 : i64
// LARGE-SAME: time_unfused_s = 2.1626880000000002E-6 : f64
