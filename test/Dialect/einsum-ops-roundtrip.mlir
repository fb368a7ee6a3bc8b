// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s

// Einsum-graph ops live in a builtin.module (IRDL cannot give an op region
// the no-terminator property) and print in generic form.

// CHECK: module @graph_matmul attributes {solar.function = "matmul"}
// CHECK-NEXT: "solar.einsum"() {equation = "MK,KN->MN", fields = {flops = 2 : i64, id = 0 : i64}} : () -> ()
// CHECK-NEXT: "solar.einsum"() {equation = "MN->MN", fields = {id = 1 : i64}} : () -> ()
// CHECK-NEXT: "solar.edge"() {consumer = 1 : i64, producer = 0 : i64, tensor = "C"} : () -> ()
module @graph_matmul attributes {solar.function = "matmul"} {
  "solar.einsum"() {equation = "MK,KN->MN", fields = {id = 0 : i64, flops = 2 : i64}} : () -> ()
  "solar.einsum"() {equation = "MN->MN", fields = {id = 1 : i64}} : () -> ()
  "solar.edge"() {producer = 0 : i64, consumer = 1 : i64, tensor = "C"} : () -> ()
}
