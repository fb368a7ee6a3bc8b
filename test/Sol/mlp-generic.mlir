// A shape-generic MLP layer, y = relu(x @ w) with x: batch x hidden,
// w: hidden x out (Inputs/mlp-generic.mlir). Its counts are expressions in
// the sizes named as the source names them (%batch, %hidden, %out, the
// memref.dim results), and binding the sizes gives the numbers the
// expressions evaluate to.
//
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-dump-einsum-graph=json -o /dev/null | FileCheck %s --check-prefix=EXPR
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SYM
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=8 hidden=16 out=32' -o /dev/null | FileCheck %s --check-prefix=AT-SMALL
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report=json --solar-at='batch=64,hidden=128,out=256' -o /dev/null | FileCheck %s --check-prefix=AT-LARGE
// RUN: not solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=8 hidden=16' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AT-MISSING
// RUN: not solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=eight' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AT-BAD
// A negative size counts no points: refused, never a 0 s bound.
// RUN: not solar-opt %S/Inputs/mlp-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='batch=-5 hidden=16 out=32' -o /dev/null 2>&1 | FileCheck %s --check-prefix=AT-NEGATIVE
// AT-NEGATIVE: error: size batch=-5 is out of range: sizes are whole numbers in [0, 2^53]
// AT-NEGATIVE-NOT: ns
// RUN: not solar compare %S/Inputs/mlp-generic.mlir --arch %S/Inputs/round.yaml 2>&1 | FileCheck %s --check-prefix=COMPARE
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-bind-shapes='arg0=8x16 arg1=16x32 arg2=8x32' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SMALL
// RUN: solar-opt %S/Inputs/mlp-generic.mlir --solar-bind-shapes='arg0=64x128 arg1=128x256 arg2=64x256' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=LARGE
// RUN: not solar-opt %S/Inputs/mlp-generic.mlir --solar-bind-shapes='arg0=64x128 arg1=128x256 arg2=32x256' 2>&1 | FileCheck %s --check-prefix=INCONSISTENT
//
// Three nests: y = 0 (batch*out stores), y += x*w (batch*out*hidden MACs),
// y = max(y, 0) (batch*out minmax). flops = 2*batch*out*hidden +
// batch*out.
// EXPR:      "parameters": [
// EXPR-NEXT:   {
// EXPR-NEXT:     "name": "batch",
// EXPR:          "name": "out",
// EXPR:          "name": "hidden",
// EXPR:      "flops_expr": "[batch, out, hidden] -> { (batch * out + 2 * batch * out * hidden) : batch > 0 and out > 0 and hidden > 0; batch * out : batch > 0 and out > 0 and hidden <= 0 }"
//
// Unbound, --solar-sol gives the figures as expressions in batch, out,
// hidden (docs/sol-model.md, "Symbolic sizes"); isl writes
// 4*(b*h + h*o + b*o) as 4*b*o + (4*b + 4*o)*h, and adds the pieces where
// hidden <= 0 (no matmul: only the zero-init and the ReLU run).
// Fused groups are formed as if the capacity never bound: one group.
// SYM: solar.sol = #solar.sol<{arch = "Round"
// SYM-SAME: bytes_fused_expr = "[batch, out, hidden] -> { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 }"
// SYM-SAME: bytes_ideal_expr = "[batch, out, hidden] -> { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 }"
// Unfused bytes: how much of y the last-level cache keeps between the three
// kernels depends on the sizes, so the expression is the ideal's
// (docs/sol-model.md, "Symbolic sizes").
// SYM-SAME: bytes_unfused_expr = "[batch, out, hidden] -> { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 }"
// SYM-SAME: cache_expr = "needs bound sizes:
// Compute: batch*out*hidden MACs on the FMA unit at 1e12/s, batch*out max
// ops on the ALU at 2e12/s; one group, the units overlap (Round shares no
// pipe): the larger of the two (docs/sol-model.md, "Compute time").
// SYM-SAME: compute_s_expr = "max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { batch * out : batch > 0 and out > 0 } / 2e12)"
// SYM-SAME: flops_expr = "[batch, out, hidden] -> { (batch * out + 2 * batch * out * hidden) : batch > 0 and out > 0 and hidden > 0; batch * out : batch > 0 and out > 0 and hidden <= 0 }"
// SYM-SAME: fused_grouping = "capacity never binds
// SYM-SAME: groups = 1 : i64, kernels_unfused = 3 : i64
// SYM-SAME: parameters = [{name = "batch", source = "%dim"}, {name = "out", source = "%dim_1"}, {name = "hidden", source = "%dim_0"}], symbolic = true
// Fused and ideal: max(compute, bytes / 1e12 B/s).
// SYM-SAME: time_fused_s_expr = "max(max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { batch * out : batch > 0 and out > 0 } / 2e12), { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 } / 1e12)"
// SYM-SAME: time_ideal_s_expr = "max(max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { batch * out : batch > 0 and out > 0 } / 2e12), { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 } / 1e12)"
// Unfused: one term per nest with what no cache serves (the figure where y
// stays in the last-level cache between the kernels): the zero-init moves
// nothing (its write of y is not y's last) and has no compute, the matmul
// max(its MACs, x and w 4*(b*h + h*o) bytes), the ReLU max(b*o max ops, its
// write of y 4*b*o); then the larger of that and the fused time.
// SYM-SAME: time_unfused_s_expr = "max(max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { (4 * batch + 4 * out) * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12) + max({ batch * out : batch > 0 and out > 0 } / 2e12, { 4 * batch * out : batch > 0 and out > 0 } / 1e12), max(max({ batch * out * hidden : batch > 0 and out > 0 and hidden > 0 } / 1e12, { batch * out : batch > 0 and out > 0 } / 2e12), { (4 * batch * out + (4 * batch + 4 * out) * hidden) : batch > 0 and out > 0 and hidden > 0; 4 * batch * out : batch > 0 and out > 0 and hidden <= 0 } / 1e12))"
//
// Bytes (fp32, 4 B): fused, x, w and y cross the chip boundary once:
// 4*(batch*hidden + hidden*out + batch*out); unfused, every nest moves its
// own: zero-init writes y (4*batch*out), the matmul reads x, w, y and
// writes y, the ReLU reads and writes y: 4*batch*hidden + 4*hidden*out +
// 20*batch*out.
// Round: 1e12 B/s, 1e12 MAC/s, 2e12 other op/s.
//
// batch=8, hidden=16, out=32: flops = 2*8*32*16 + 8*32 = 8448;
// fused 4*(128 + 512 + 256) = 3584 B; unfused through DRAM 512 + 2048 +
// 5120 = 7680 B (bytes_unfused_dram); y (1 KiB) stays in Round's 1 MiB L2,
// so unfused moves x, w and the last write of y: 3584 B;
// time fused = compute max(4096/1e12, 256/2e12) = 4.096 ns (> 3.584 ns
// DRAM);
// unfused = 0 (init) + max(4.096, 2.56) + max(0.128, 1.024) = 5.12 ns.
// The expressions at these sizes give the numbers of the bound program
// below exactly: 4.0959999999999999e-09 is the double MLIR prints as
// 4.096000e-09, 5.1199999999999997e-09 the one it prints as 5.120000e-09.
// AT-SMALL: SOL of @mlp on Round (fp32), symbolic in batch, out, hidden
// AT-SMALL: at batch=8 hidden=16 out=32: flops=8448 compute_s=4.0959999999999999e-09 bytes_unfused=3584 time_unfused_s=5.1199999999999997e-09 bytes_fused=3584 time_fused_s=4.0959999999999999e-09 bytes_ideal=3584 time_ideal_s=4.0959999999999999e-09
// SMALL: bytes_fused = 3584 : i64
// SMALL-SAME: bytes_unfused = 3584 : i64, bytes_unfused_dram = 7680 : i64
// SMALL-SAME: flops = 8448 : i64
// SMALL-SAME: time_fused_s = 4.096000e-09 : f64
// SMALL-SAME: time_unfused_s = 5.120000e-09 : f64
//
// batch=64, hidden=128, out=256: flops = 2*64*256*128 + 64*256 = 4210688;
// fused 4*(8192 + 32768 + 16384) = 229376 B; unfused through DRAM 32768 +
// 131072 + 327680 = 491520 B, with y (64 KiB) in the L2 229376 B; time
// fused = max(2097152/1e12, 16384/2e12) = 2.097152 us;
// unfused = 0 + max(2097.152, 163.84) ns + max(8.192, 65.536) ns
// = 2.162688 us.
// AT-LARGE:      "at": {
// AT-LARGE-NEXT:   "bytes_fused": 229376,
// AT-LARGE-NEXT:   "bytes_ideal": 229376,
// AT-LARGE-NEXT:   "bytes_unfused": 229376,
// AT-LARGE-NEXT:   "compute_s": 2.097152e-6,
// AT-LARGE-NEXT:   "flops": 4210688,
// AT-LARGE:        "time_fused_s": 2.097152e-6,
// AT-LARGE-NEXT:   "time_ideal_s": 2.097152e-6,
// AT-LARGE-NEXT:   "time_unfused_s": 2.162688e-6
// LARGE: bytes_fused = 229376 : i64
// LARGE-SAME: bytes_unfused = 229376 : i64, bytes_unfused_dram = 491520 : i64
// LARGE-SAME: flops = 4210688 : i64
// LARGE-SAME: time_fused_s = 2.097152E-6 : f64
// LARGE-SAME: time_unfused_s = 2.1626880000000002E-6 : f64
//
// y bound to 32 rows while x has 64: the loops run to batch = dim(x) = 64
// and write y past its end.
// INCONSISTENT: error: inconsistent shapes: %arg2 is written past its end in dimension 0, which has size 32
//
// Every parameter needs a size, and sizes are integers.
// AT-MISSING: error: @mlp: flops_expr: no size given for parameter 'out'
// AT-BAD: error: sizes 'batch=eight' are not NAME=INTEGER pairs
//
// compare needs numbers.
// COMPARE: solar: error: @mlp: solar.sol holds symbolic figures (the sizes are not known); this needs numbers: give the sizes with --solar-bind-shapes
