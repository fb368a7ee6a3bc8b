// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt --mlir-print-op-generic %s | solar-opt | FileCheck %s

// The solar attributes wrap a dictionary; they parse, verify and print back
// unchanged, also after a second round trip and through the generic form.

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: solar.sol = #solar.sol<{arch = "H100_SXM", bound = "compute", flops = 2097152 : i64, time_fused_s = 1.250000e-06 : f64}>
func.func @matmul() attributes {solar.sol = #solar.sol<{arch = "H100_SXM", flops = 2097152 : i64, time_fused_s = 1.25e-6 : f64, bound = "compute"}>} {
  return
}

// CHECK-LABEL: func.func @graph
// CHECK-SAME: solar.einsum_graph = #solar.einsum_graph<{nodes = [#solar.node<{equation = "MK,KN->MN", id = 0 : i64}>]}>
func.func @graph() attributes {solar.einsum_graph = #solar.einsum_graph<{nodes = [#solar.node<{id = 0 : i64, equation = "MK,KN->MN"}>]}>} {
  return
}

// CHECK-LABEL: func.func @verified
// CHECK-SAME: solar.verified = #solar.verified<{max_abs_err = 0.000000e+00 : f64, ok = true}>
func.func @verified() attributes {solar.verified = #solar.verified<{ok = true, max_abs_err = 0.0 : f64}>} {
  return
}
