// Necessary work with symbolic sizes: a shape-generic zero-padded 1-d
// convolution (Inputs/pad-conv-generic.mlir, len = the length of x). The
// taps reading the padding multiply a proven zero, so only the points with
// 1 <= o + r <= len do necessary work: 3*len - 2 of the 3*len MACs for
// len >= 3 (o = 0 and o = len - 1 lose one tap each), as the bound program
// finds at each size (test/EinsumGraph/necessary-work.mlir has len = 8).
//
// RUN: solar-opt %S/Inputs/pad-conv-generic.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SYM
// RUN: solar-opt %S/Inputs/pad-conv-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='len=8' -o /dev/null | FileCheck %s --check-prefix=AT8
// RUN: solar-opt %S/Inputs/pad-conv-generic.mlir --solar-sol=%S/Inputs/round.yaml --solar-report --solar-at='len=100' -o /dev/null | FileCheck %s --check-prefix=AT100
// RUN: solar-opt %S/Inputs/pad-conv-generic.mlir --solar-bind-shapes='arg0=8 arg2=8' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=BOUND8
// RUN: solar-opt %S/Inputs/pad-conv-generic.mlir --solar-bind-shapes='arg0=100 arg2=100' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=BOUND100
//
// Bytes (fp32): the padded copy P is written only by layout nodes (the zero
// fill and the copy of x), a view: fused, x (len), w (3) and y (read and
// written, 2*len) move: 4*(3*len + 3). Unfused, per nest: the fill writes
// len + 2, the copy reads len and writes len, the conv reads P (len + 2),
// w (3) and y (len) and writes y (len): 4*(6*len + 7).
// SYM: bytes_fused_expr = "[len] -> { (12 + 12 * len) : len > 0 }"
// SYM-SAME: bytes_unfused_expr = "[len] -> { (28 + 24 * len) : len > 0; (8 + 4 * len) : -1 <= len <= 0 }"
// flops = 2 * (3*len - 2); len = 2: 4 MACs, len = 1: 1 MAC.
// SYM-SAME: compute_s_expr = "{ 4 : len = 2; (-2 + 3 * len) : len >= 3; 1 : len = 1 } / 1e12"
// SYM-SAME: flops_expr = "[len] -> { 8 : len = 2; (-4 + 6 * len) : len >= 3; 2 : len = 1 }"
// SYM-SAME: parameters = [{name = "len", source = "%dim"}]
//
// Round: 1e12 MAC/s, 1e12 B/s.
// len = 8: 44 flops (22 MACs: 22 ps), fused 108 B (108 ps) -> 108 ps;
// unfused 40 ps + 64 ps + max(22 ps, 116 ps) = 220 ps, 220 B. Added in this
// order the double is 2.2000000000000002e-10 in both programs; MLIR prints
// the bound one's attribute short, as 2.200000e-10.
// AT8: at len=8: flops=44 compute_s=2.2000000000000002e-11 bytes_unfused=220 time_unfused_s=2.2000000000000002e-10 bytes_fused=108 time_fused_s=1.08e-10 bytes_ideal=108 time_ideal_s=1.08e-10
// BOUND8: bytes_fused = 108 : i64, bytes_ideal = 108 : i64, bytes_unfused = 220 : i64, compute_s = 2.200000e-11 : f64
// BOUND8-SAME: flops = 44 : i64, flops_counter = {{[0-9]+}} : i64, flops_lowered = 48 : i64
// BOUND8-SAME: time_fused_s = 1.080000e-10 : f64, time_ideal_s = 1.080000e-10 : f64, time_unfused_s = 2.200000e-10 : f64
//
// len = 100: 596 flops (298 MACs: 298 ps), fused 1212 B -> 1.212 ns;
// unfused 408 ps + 800 ps + max(298 ps, 1220 ps) = 2.428 ns, 2428 B.
// AT100: at len=100: flops=596 compute_s=2.98e-10 bytes_unfused=2428 time_unfused_s=2.4279999999999999e-09 bytes_fused=1212 time_fused_s=1.212e-09 bytes_ideal=1212 time_ideal_s=1.212e-09
// BOUND100: bytes_fused = 1212 : i64, bytes_ideal = 1212 : i64, bytes_unfused = 2428 : i64, compute_s = 2.980000e-10 : f64
// BOUND100-SAME: flops = 596 : i64, flops_counter = {{[0-9]+}} : i64, flops_lowered = 600 : i64
// BOUND100-SAME: time_fused_s = 1.212000e-09 : f64, time_ideal_s = 1.212000e-09 : f64, time_unfused_s = 2.428000e-09 : f64
