// Results that are views of an input or of another value (docs/sol-model.md,
// "Views returned as results"): a framework returns the view, copying
// nothing, so the layout copy writing the result moves nothing in every
// fidelity; a computed source is still written once. Inputs/result-view.mlir
// on Inputs/round.yaml (1e12 B/s, 2e12 vector op/s). Figures before in
// parentheses (the copy charged its reads and the result's writes).
// RUN: solar-opt %S/Inputs/result-view.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s

// @transpose_result, return x.t() (x 64 x 256 fp32): nothing moves, no op:
// 0 B and 0 s in every fidelity (131072 B = x read + y written, 1.31072e-7 s).
// CHECK-LABEL: func.func @transpose_result
// CHECK-SAME: bytes_cache = 0 : i64, bytes_fused = 0 : i64, bytes_fused_dram = 0 : i64, bytes_ideal = 0 : i64, bytes_unfused = 0 : i64, bytes_unfused_dram = 0 : i64
// CHECK-SAME: time_cache_s = 0.000000e+00 : f64, time_fused_s = 0.000000e+00 : f64, time_ideal_s = 0.000000e+00 : f64, time_unfused_s = 0.000000e+00 : f64

// @slice_transpose_result, return x[:, :4].t(): the slice is an
// intermediate view that only the returned transpose reads, so it leaves
// the function uncopied too: 0 B (2048 B: x's 256 sliced elements read,
// y's 256 written; unfused round trip 4096 B, the slice moved between the
// two kernels).
// CHECK-LABEL: func.func @slice_transpose_result
// CHECK-SAME: bytes_cache = 0 : i64, bytes_fused = 0 : i64, bytes_fused_dram = 0 : i64, bytes_ideal = 0 : i64, bytes_unfused = 0 : i64, bytes_unfused_dram = 0 : i64
// CHECK-SAME: time_cache_s = 0.000000e+00 : f64, time_fused_s = 0.000000e+00 : f64, time_ideal_s = 0.000000e+00 : f64, time_unfused_s = 0.000000e+00 : f64

// @relu_transpose, return relu(x).t(): relu reads x (65536 B) and its
// tensor t must be stored once, the elements the returned view exposes:
// 16384 * 4 = 65536 B, in the fused group where t stays on chip (charged
// as t's write) as in the unfused relu kernel (t written; the transpose's
// kernel moves nothing): 131072 B, 1.31072e-7 s over 16384 max ops' 8.192e-9 s
// in every fidelity (the same, but the unfused round trip was 262144 B:
// the transpose's kernel read t and wrote y).
// CHECK-LABEL: func.func @relu_transpose
// CHECK-SAME: bytes_cache = 131072 : i64, bytes_fused = 131072 : i64, bytes_fused_dram = 131072 : i64, bytes_ideal = 131072 : i64, bytes_unfused = 131072 : i64, bytes_unfused_dram = 131072 : i64
// CHECK-SAME: time_cache_s = 1.310720e-07 : f64, time_fused_s = 1.310720e-07 : f64, time_ideal_s = 1.310720e-07 : f64, time_unfused_s = 1.310720e-07 : f64

// @relu_expand, return relu(x).expand(8, 256): a broadcast of a value
// computed before it (the relu's nest shares no loop with the copy's, so
// each element of t holds one value while the copy runs) is a result view:
// the copy moves nothing, and t, computed, is stored once, the 256
// elements the result exposes: x read 1024 B + t written 1024 B = 2048 B,
// 2.048e-9 s; unfused, the relu's kernel reads x and writes t (2048 B),
// the expand's moves nothing: 2048 B round trip. (9216 B before, x 1024 +
// y's 2048 elements 8192, above eager's 2048; round trip 11264 B.)
// CHECK-LABEL: func.func @relu_expand
// CHECK-SAME: bytes_cache = 2048 : i64, bytes_fused = 2048 : i64, bytes_fused_dram = 2048 : i64, bytes_ideal = 2048 : i64, bytes_unfused = 2048 : i64, bytes_unfused_dram = 2048 : i64
// CHECK-SAME: time_cache_s = 2.048000e-09 : f64, time_fused_s = 2.048000e-09 : f64, time_ideal_s = 2.048000e-09 : f64, time_unfused_s = 2.048000e-09 : f64

// @view_and_sum, y = x.t(); return y, y[:8].sum(0): y is returned
// uncopied, and the sum still reads what it uses, x's elements through y:
// y's 8 * 64 = 512 rows' elements of its 16384, |f(V)| - |V \ V'| = 16384
// - (16384 - 512) = 512 elements of x, 2048 B, + z written 64 * 4 = 256 B
// = 2304 B (its read of its own accumulation stays on chip), 2.304e-9 s
// over 512 adds' 2.56e-10 s. The unfused kernels, one per node (no
// framework op): z's fill 256, the sum reads y's 512 elements 2048 + z read
// and written 512, the transpose 0: 2816 B round trip (131328 B: all of x
// read and all of y written; round trip 133888 B).
// CHECK-LABEL: func.func @view_and_sum
// CHECK-SAME: bytes_cache = 2304 : i64, bytes_fused = 2304 : i64, bytes_fused_dram = 2304 : i64, bytes_ideal = 2304 : i64, bytes_unfused = 2304 : i64, bytes_unfused_dram = 2816 : i64
// CHECK-SAME: time_cache_s = 2.304000e-09 : f64, time_fused_s = 2.304000e-09 : f64, time_ideal_s = 2.304000e-09 : f64, time_unfused_s = 2.304000e-09 : f64

// @state_copies, a state t rewritten at each of 8 steps and copied into
// y's row inside the same loop (an RNN's output sequence): the copy reads
// each element of t at 8 points, each a value t no longer holds after, so
// y is no view of t and the copy is charged: x read 8192 B + y written
// 8192 B (t stays on chip) = 16384 B, 1.6384e-8 s; unfused, one kernel per
// node: the mul reads x 8192 and writes t's 256 elements 1024, the copy
// reads them 1024 and writes y 8192: 18432 B round trip. (Taken for a view,
// it would be x 8192 + t's 256 elements 1024 = 9216 B, below what the
// program must store.)
// CHECK-LABEL: func.func @state_copies
// CHECK-SAME: bytes_cache = 16384 : i64, bytes_fused = 16384 : i64, bytes_fused_dram = 16384 : i64, bytes_ideal = 16384 : i64, bytes_unfused = 16384 : i64, bytes_unfused_dram = 18432 : i64
// CHECK-SAME: time_cache_s = 1.638400e-08 : f64, time_fused_s = 1.638400e-08 : f64, time_ideal_s = 1.638400e-08 : f64, time_unfused_s = 1.638400e-08 : f64
