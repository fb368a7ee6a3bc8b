// A solar.sol holding an infinite time (as a hardware file of 4.9e-324
// bytes/cycle made before issue 18) is an error in the report, not a JSON
// object with the key silently missing (jansson cannot write inf) and exit
// status 0. 0x7FF0000000000000 is +inf as an f64.
// RUN: not solar-opt %s --solar-report=json -o /dev/null 2>&1 | FileCheck %s
// RUN: not solar-opt %s --solar-report -o /dev/null 2>&1 | FileCheck %s
// CHECK: error: @f: solar.sol value 'time_fused_s' is infinite or NaN; no report is written
// CHECK-NOT: "function"
func.func @f() attributes {solar.sol = #solar.sol<{arch = "X", bound = "dram", bound_fused = "dram", bound_ideal = "dram", bound_unfused = "dram", bytes_cache = 8 : i64, bytes_fused = 8 : i64, bytes_ideal = 8 : i64, bytes_unfused = 8 : i64, compute_s = 0.0 : f64, dtype = "fp32", flops = 0 : i64, groups = 1 : i64, time_cache_s = 1.0 : f64, time_fused_s = 0x7FF0000000000000 : f64, time_ideal_s = 1.0 : f64, time_unfused_s = 1.0 : f64}>} {
  return
}
