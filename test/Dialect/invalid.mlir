// RUN: not solar-opt --split-input-file %s 2>&1 | FileCheck %s

// Each split is parsed on its own; every error names the original line.

// CHECK: invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: expected base attribute 'builtin.dictionary' but got 'builtin.string'
func.func @f() attributes {solar.sol = #solar.sol<"not a dictionary">} { return }

// -----

// CHECK: invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: 'solar.einsum' op attribute "fields" is expected but not provided
"solar.einsum"() {equation = "MK,KN->MN"} : () -> ()

// -----

// CHECK: invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: expected base attribute 'builtin.string' but got 'builtin.integer'
"solar.einsum"() {equation = 3 : i64, fields = {}} : () -> ()

// -----

// CHECK: invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: expected 1 type arguments, but had 2
func.func @g() attributes {solar.sol = #solar.sol<{a = 1}, {b = 2}>} { return }

// -----

// CHECK: invalid.mlir:[[# @LINE + 1]]:{{[0-9]+}}: error: unregistered operation 'solar.nosuchop' found in dialect ('solar')
"solar.nosuchop"() : () -> ()
