// Flag form, pipeline form, nested pipeline and pass options all reach the
// same external pass.
// RUN: solar-opt --solar-annotate-noop %s | FileCheck %s --check-prefix=FLAG
// RUN: solar-opt --pass-pipeline='builtin.module(solar-annotate-noop{tag=pipe})' %s | FileCheck %s --check-prefix=PIPE
// RUN: solar-opt --pass-pipeline='builtin.module(func.func(solar-annotate-noop))' %s | FileCheck %s --check-prefix=NESTED
// RUN: solar-opt --solar-annotate-noop=flagged %s | FileCheck %s --check-prefix=VALUE
// RUN: solar-opt --solar-annotate-noop='{tag=braced remark}' %s 2>&1 | FileCheck %s --check-prefix=REMARK

// Walk order is source order: @first gets index 0, @second index 1.
// FLAG: func.func @first() attributes {solar.visited = 0 : i64}
// FLAG: func.func @second() attributes {solar.visited = 1 : i64}
// PIPE: func.func @first() attributes {solar.tag = "pipe", solar.visited = 0 : i64}
// PIPE: func.func @second() attributes {solar.tag = "pipe", solar.visited = 1 : i64}
// Nested under func.func the pass runs once per function, so each sees
// exactly one function: both get index 0.
// NESTED: func.func @first() attributes {solar.visited = 0 : i64}
// NESTED: func.func @second() attributes {solar.visited = 0 : i64}
// VALUE: func.func @first() attributes {solar.tag = "flagged", solar.visited = 0 : i64}
// REMARK: annotate-noop.mlir:[[# @LINE + 3]]:1: remark: solar-annotate-noop visited 2 function(s)
// REMARK: func.func @first() attributes {solar.tag = "braced", solar.visited = 0 : i64}

module {
  func.func @first() {
    return
  }
  func.func @second() {
    return
  }
}
