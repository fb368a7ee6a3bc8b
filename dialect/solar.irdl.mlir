// The solar dialect, defined in IRDL and loaded at run time with
// mlirLoadIRDLDialects. This text is embedded into libsolar at build time.
//
// Attributes wrap a builtin dictionary so that their fields stay readable and
// extensible (docs/user-guide.md lists every field). The ops materialize an
// einsum graph as IR: they live in a `builtin.module` (which needs no
// terminator, something IRDL cannot express for a region of its own).
irdl.dialect @solar {
  // #solar.sol<{...}>: speed-of-light summary of one function.
  irdl.attribute @sol {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // #solar.einsum_graph<{...}>: the einsum graph lifted from one function.
  irdl.attribute @einsum_graph {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // #solar.node<{...}>: one einsum node (one affine store statement).
  irdl.attribute @node {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // #solar.fusion<{...}>: fusion groups of one function's einsum graph.
  irdl.attribute @fusion {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // #solar.traffic<{...}>: cache-aware DRAM traffic per fusion group.
  irdl.attribute @traffic {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // #solar.verified<{...}>: outcome of executing the function against a
  // framework reference.
  irdl.attribute @verified {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // solar.einsum: one node; `equation` in einsum notation, `fields` the rest.
  irdl.operation @einsum {
    %equation = irdl.base "#builtin.string"
    %fields = irdl.base "#builtin.dictionary"
    irdl.attributes { "equation" = %equation, "fields" = %fields }
  }

  // solar.edge: producer -> consumer over one intermediate tensor.
  irdl.operation @edge {
    %producer = irdl.base "#builtin.integer"
    %consumer = irdl.base "#builtin.integer"
    %tensor = irdl.base "#builtin.string"
    irdl.attributes { "producer" = %producer, "consumer" = %consumer, "tensor" = %tensor }
  }
}
