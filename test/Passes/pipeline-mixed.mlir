// Solar passes and upstream passes mix in one pipeline, in order: the
// canonicalizer folds the addition before the annotation runs.
// RUN: solar-opt --pass-pipeline='builtin.module(func.func(canonicalize), solar-annotate-noop{tag=after}, cse)' %s | FileCheck %s
// RUN: solar-opt --canonicalize --solar-annotate-noop=after %s | FileCheck %s

// CHECK-LABEL: func.func @fold() -> i32 attributes {solar.tag = "after", solar.visited = 0 : i64}
// CHECK-NEXT: %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT: return %[[C]] : i32
func.func @fold() -> i32 {
  %a = arith.constant 2 : i32
  %b = arith.constant 3 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}
