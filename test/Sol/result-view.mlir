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

// @relu_expand, return relu(x).expand(8, 256): a broadcast of a computed
// vector is no result view (its copy reads each element of t at 8 points,
// as a copy of a source rewritten in a loop around it would: the IR's
// counts do not tell them apart), so it keeps its charge: x 1024 + y's
// 2048 elements 8192 B = 9216 B, 9.216e-9 s (unfused round trip 11264 B).
// Eager stores 256 elements: this figure is above it (open, docs).
// CHECK-LABEL: func.func @relu_expand
// CHECK-SAME: bytes_cache = 9216 : i64, bytes_fused = 9216 : i64, bytes_fused_dram = 9216 : i64, bytes_ideal = 9216 : i64, bytes_unfused = 9216 : i64, bytes_unfused_dram = 11264 : i64

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
