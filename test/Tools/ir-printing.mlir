// mlir-opt's pass-manager flags on solar-opt: IR dumps before/after each
// pass, after a failing one, the whole module (which MLIR allows only on
// one thread), locations in the dumps, pass timing. All go to stderr.
// RUN: solar-opt %s --canonicalize --solar-sol=%S/../Sol/Inputs/round.yaml --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER
// AFTER: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT: func.func @copy
// AFTER-NOT: solar.sol
// AFTER: // -----// IR Dump After solar-sol (solar-sol) //----- //
// AFTER-NEXT: module {
// AFTER-NEXT: func.func @copy
// AFTER-SAME: solar.sol = #solar.sol
// AFTER-NOT: IR Dump

// RUN: solar-opt %s --canonicalize --solar-sol=%S/../Sol/Inputs/round.yaml --mlir-print-ir-before-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
// BEFORE: // -----// IR Dump Before Canonicalizer (canonicalize) //----- //
// BEFORE: // -----// IR Dump Before solar-sol (solar-sol) //----- //
// BEFORE-NOT: IR Dump

// Only the failing pass's IR: solar-sol fails on a function that computes
// nothing, canonicalize before it succeeds and is not dumped.
// RUN: not solar-opt %S/../Pipeline/Inputs/empty-func.mlir --canonicalize --solar-sol=%S/../Sol/Inputs/round.yaml --mlir-print-ir-after-failure 2>&1 | FileCheck %s --check-prefix=FAILURE
// FAILURE-NOT: After Canonicalizer
// FAILURE: error: nothing to analyze in this function
// FAILURE: // -----// IR Dump After solar-sol Failed (solar-sol) //----- //
// FAILURE-NEXT: module {
// FAILURE-NEXT: func.func @nothing

// After change: canonicalize folds the dead constant away (dumped), a
// second canonicalize then changes nothing (not dumped).
// RUN: solar-opt %s --canonicalize --canonicalize --mlir-print-ir-after-change -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// CHANGE-COUNT-1: IR Dump After Canonicalizer
// CHANGE-NOT: IR Dump

// Module scope needs one thread: refused as a usage error (2) without
// --mlir-disable-threading, the module dumped with it.
// RUN: not solar-opt %s --canonicalize --mlir-print-ir-after-all --mlir-print-ir-module-scope 2>&1 | FileCheck %s --check-prefix=SCOPE-THREADS
// RUN: %python -c "import subprocess,sys; print('rc', subprocess.run(['solar-opt', sys.argv[1], '--canonicalize', '--mlir-print-ir-module-scope'], capture_output=True).returncode)" %s | FileCheck %s --check-prefix=SCOPE-RC
// SCOPE-THREADS: solar-opt: error: --mlir-print-ir-module-scope needs --mlir-disable-threading
// SCOPE-RC: rc 2
// RUN: solar-opt %s --canonicalize --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// SCOPE: // -----// IR Dump After Canonicalizer (canonicalize) ('builtin.module' operation) //----- //
// SCOPE-NEXT: module {

// --mlir-print-debuginfo also applies to the dumps.
// RUN: solar-opt %s --canonicalize --mlir-print-ir-after-all --mlir-print-debuginfo -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEBUG
// DEBUG: IR Dump After Canonicalizer
// DEBUG: loc("{{.*}}ir-printing.mlir":[[# @LINE + 9]]:17)

// --mlir-timing: one line per pass, under MLIR's report header.
// RUN: solar-opt %s --canonicalize --solar-sol=%S/../Sol/Inputs/round.yaml --mlir-timing -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: ... Execution time report ...
// TIMING: Total Execution Time:
// TIMING: Canonicalizer
// TIMING: solar-sol

func.func @copy(%a: memref<16xf32>, %b: memref<16xf32>) {
  %unused = arith.constant 0 : index
  affine.for %i = 0 to 16 {
    %x = affine.load %a[%i] : memref<16xf32>
    affine.store %x, %b[%i] : memref<16xf32>
  }
  return
}
