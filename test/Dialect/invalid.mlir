// RUN: solar-opt --split-input-file --verify-diagnostics %s

// Each split is parsed on its own; every error names the original line.

// expected-error@+1 {{expected base attribute 'builtin.dictionary' but got 'builtin.string'}}
func.func @f() attributes {solar.sol = #solar.sol<"not a dictionary">} { return }

// -----

// expected-error@+1 {{'solar.einsum' op attribute "fields" is expected but not provided}}
"solar.einsum"() {equation = "MK,KN->MN"} : () -> ()

// -----

// expected-error@+1 {{expected base attribute 'builtin.string' but got 'builtin.integer'}}
"solar.einsum"() {equation = 3 : i64, fields = {}} : () -> ()

// -----

// expected-error@+1 {{expected 1 type arguments, but had 2}}
func.func @g() attributes {solar.sol = #solar.sol<{a = 1}, {b = 2}>} { return }

// -----

// expected-error@+1 {{unregistered operation 'solar.nosuchop' found in dialect ('solar')}}
"solar.nosuchop"() : () -> ()
