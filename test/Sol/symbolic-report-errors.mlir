// solar-report on hand-written symbolic solar.sol attributes: a malformed
// expression and an unknown parameter are errors naming the figure, never
// a number.
// RUN: not solar-opt %s --split-input-file --solar-report --solar-at='n=4' -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: @unclosed: compute_s_expr: symbolic figure: expected ')' at ''
func.func @unclosed() attributes {solar.sol = #solar.sol<{arch = "x", dtype = "fp32", symbolic = true, cache_expr = "c", fused_grouping = "g", compute_s_expr = "max({ n } / 1e12, { 3 } / 1e12", bytes_unfused_expr = "{ 1 }", time_unfused_s_expr = "0", bytes_fused_expr = "{ 1 }", time_fused_s_expr = "0", bytes_ideal_expr = "{ 1 }", time_ideal_s_expr = "0", parameters = [{name = "n"}], flops_expr = "[n] -> { 2 * n }"}>} {
  return
}

// -----

// CHECK: error: @no_rate: flops_expr: symbolic figure: expected a positive rate at 'fast'
func.func @no_rate() attributes {solar.sol = #solar.sol<{arch = "x", dtype = "fp32", symbolic = true, cache_expr = "c", fused_grouping = "g", compute_s_expr = "0", bytes_unfused_expr = "{ 1 }", time_unfused_s_expr = "0", bytes_fused_expr = "{ 1 }", time_fused_s_expr = "0", bytes_ideal_expr = "{ 1 }", time_ideal_s_expr = "0", parameters = [{name = "n"}], flops_expr = "{ n } / fast"}>} {
  return
}

// -----

// A parameter the figure does not declare has no size.
// CHECK: error: @other: flops_expr: no size given for parameter 'm'
func.func @other() attributes {solar.sol = #solar.sol<{arch = "x", dtype = "fp32", symbolic = true, cache_expr = "c", fused_grouping = "g", compute_s_expr = "0", bytes_unfused_expr = "{ 1 }", time_unfused_s_expr = "0", bytes_fused_expr = "{ 1 }", time_fused_s_expr = "0", bytes_ideal_expr = "{ 1 }", time_ideal_s_expr = "0", parameters = [{name = "m"}], flops_expr = "{ 2 * m }"}>} {
  return
}

// -----

// CHECK: error: @incomplete: symbolic solar.sol has no string field 'cache_expr'
func.func @incomplete() attributes {solar.sol = #solar.sol<{arch = "x", dtype = "fp32", symbolic = true, parameters = [], flops_expr = "{ 2 }"}>} {
  return
}

// -----

// Seventeen distinct floors: isl would simplify over all of them to read
// the count (include/solar/count/count.h), so it is refused first.
// CHECK: error: @floors: flops_expr: symbolic figure: a count with too many distinct floor terms
func.func @floors() attributes {solar.sol = #solar.sol<{arch = "x", dtype = "fp32", symbolic = true, cache_expr = "c", fused_grouping = "g", compute_s_expr = "0", bytes_unfused_expr = "{ 1 }", time_unfused_s_expr = "0", bytes_fused_expr = "{ 1 }", time_fused_s_expr = "0", bytes_ideal_expr = "{ 1 }", time_ideal_s_expr = "0", parameters = [{name = "n"}], flops_expr = "[n] -> { floor((n + 0)/17) + floor((n + 1)/17) + floor((n + 2)/17) + floor((n + 3)/17) + floor((n + 4)/17) + floor((n + 5)/17) + floor((n + 6)/17) + floor((n + 7)/17) + floor((n + 8)/17) + floor((n + 9)/17) + floor((n + 10)/17) + floor((n + 11)/17) + floor((n + 12)/17) + floor((n + 13)/17) + floor((n + 14)/17) + floor((n + 15)/17) + floor((n + 16)/17) }"}>} {
  return
}
