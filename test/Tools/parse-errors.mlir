// Malformed input: `file:line:col: error:` with the source line and a caret,
// exit code 1, for every split. Splits keep the original line numbers.
// RUN: not solar-opt --split-input-file %s 2>&1 | FileCheck %s
// RUN: not solar-opt --split-input-file < %s 2>&1 | FileCheck %s --check-prefix=STDIN

// CHECK: parse-errors.mlir:[[# @LINE + 4]]:14: error: expected non-function type
// CHECK-NEXT: {{^}}func.func @f( {
// CHECK-NEXT: {{^}}             ^
// STDIN: <stdin>:[[# @LINE + 1]]:14: error: expected non-function type
func.func @f( {

// -----

// CHECK: parse-errors.mlir:[[# @LINE + 2]]:19: error: use of undeclared SSA value name
func.func @g() -> i32 {
  %0 = arith.addi %missing, %missing : i32
  return %0 : i32
}

// -----

// CHECK: parse-errors.mlir:[[# @LINE + 2]]:3: error: 'func.return' op has 0 operands, but enclosing function (@h) returns 1
func.func @h() -> i32 {
  return
}

// -----

// CHECK: parse-errors.mlir:[[# @LINE + 1]]:1: error: Dialect `no_such_dialect' not found for custom op 'no_such_dialect.op'
no_such_dialect.op

// -----

// A good split between bad ones is still processed and printed.
// CHECK: func.func @good()
func.func @good() {
  return
}

// -----

// CHECK: parse-errors.mlir:[[# @LINE + 2]]:14: error: expected '"' in string literal
// STDIN: <stdin>:[[# @LINE + 1]]:14: error: expected '"' in string literal
"unterminated
