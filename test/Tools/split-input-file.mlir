// Each split is parsed and transformed on its own and printed separated by
// `// -----`, as mlir-opt does.
// RUN: solar-opt --split-input-file --solar-annotate-noop %s | FileCheck %s

// CHECK: func.func @one() attributes {solar.visited = 0 : i64}
func.func @one() {
  return
}

// -----
// CHECK: // -----
// The walk index restarts: the second split is a separate module.
// CHECK: func.func @two() attributes {solar.visited = 0 : i64}
func.func @two() {
  return
}
