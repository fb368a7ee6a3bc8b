// RUN: not solar-opt --solar-dump-einsum-graph=yaml %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not solar-opt --solar-dump-einsum-graph='{format=json output=/nonexistent-dir/g.json}' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OUTPUT
// RUN: not solar-opt --solar-dump-einsum-graph=json %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MALFORMED

// FORMAT: error: solar-dump-einsum-graph: unknown format 'yaml' (expected 'json')
// OUTPUT: error: solar-dump-einsum-graph: cannot write '/nonexistent-dir/g.json'

// A graph attribute written by something else than solar-einsum-graph.
// MALFORMED: dump-errors.mlir:[[# @LINE + 2]]:1: error: malformed solar.einsum_graph attribute: unsupported einsum graph version 2 (expected 1)
// MALFORMED: dump-errors.mlir:[[# @LINE + 4]]:1: error: malformed solar.einsum_graph attribute: node 0: field 'equation' must be a string
func.func @future() attributes {solar.einsum_graph = #solar.einsum_graph<{version = 2 : i64}>} {
  return
}
func.func @broken() attributes {solar.einsum_graph = #solar.einsum_graph<{version = 1 : i64, function = "broken", parameters = [], tensors = [], nodes = [#solar.node<{id = 0 : i64, loc = "x", equation = 3 : i64}>], edges = [], totals = {}, exact = true, warnings = 0 : i64}>} {
  return
}
