// --mlir-print-op-generic and --mlir-print-debuginfo; locations name the
// input file, also for IR that had no explicit module.
// RUN: solar-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: solar-opt --mlir-print-debuginfo %s | FileCheck %s --check-prefix=DEBUG
// RUN: solar-opt --mlir-print-debuginfo < %s | FileCheck %s --check-prefix=STDIN

// GENERIC: "func.func"() <{function_type = () -> (), sym_name = "loc"}> ({
// GENERIC: "func.return"() : () -> ()
// DEBUG: loc("{{.*}}print-flags.mlir":[[# @LINE + 2]]:1)
// STDIN: loc("<stdin>":[[# @LINE + 1]]:1)
func.func @loc() {
  return
}
