// solar-opt --verify-diagnostics, as mlir-opt's: each diagnostic the run
// emits (MLIR's errors and notes, solar's warnings and remarks) must match
// an expected-* comment of the same kind on its line, and every comment must
// be matched; then the run succeeds (exit 0), a failed pass included.
// RUN: solar-opt --split-input-file --verify-diagnostics %s --solar-sol=%S/../Sol/Inputs/round.yaml -o /dev/null
// The same expectations without the flag are plain comments: the errors
// are printed and the run fails.
// RUN: not solar-opt --split-input-file %s --solar-sol=%S/../Sol/Inputs/round.yaml -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: verify-diagnostics.mlir:[[# @LINE + 5]]:1: error: nothing to analyze in this function

// A pass error at the op (@+N counts lines down from the comment);
// -re: the {{...}} parts inside are regular expressions.
// expected-error-re@+1 {{nothing to {{[a-z]+}} in this function}}
func.func @nothing(%a: tensor<4xf32>) {
  return
}

// -----

// A parser error; @below is the next line without an expected-* comment,
// so one comment may stand above several.
// expected-error@below {{Dialect `nosuch' not found for custom op 'nosuch.op'}}
// expected-note@below {{Available dialects: }}
// expected-note@below {{print it with --mlir-print-op-generic}}
nosuch.op

// -----

// A verifier error with its note: @above is the last line without a
// comment, @-N counts up.
func.func @dominance() -> i32 {
  %0 = arith.addi %1, %1 : i32
  // expected-error@above {{operand #0 does not dominate this use}}
  %1 = arith.constant 1 : i32
  // expected-note@-1 {{operand defined here}}
  return %0 : i32
}

// Expectations that do not hold: a diagnostic of another kind than
// expected, one not expected at all, expectations never produced; the
// remark (solar's own, like the warnings) is matched. Exit 1.
// RUN: not solar-opt --verify-diagnostics %S/Inputs/verify-diagnostics-wrong.mlir --pass-pipeline='builtin.module(solar-annotate-noop{remark}, solar-einsum-graph)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=WRONG
// WRONG: verify-diagnostics-wrong.mlir:7:10: error: 'warning' diagnostic emitted when expecting a 'error'
// WRONG-NEXT: verify-diagnostics-wrong.mlir:8:10: error: unexpected warning: non-affine access in 'memref.load'
// WRONG-NEXT: verify-diagnostics-wrong.mlir:6:8: error: expected error "non-affine access in 'memref.load'" was not produced
// WRONG-NEXT: verify-diagnostics-wrong.mlir:12:6: error: expected warning "never emitted" was not produced
// WRONG-NOT: remark
