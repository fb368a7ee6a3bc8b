// --solar-report prints solar.sol as a table or as JSON (schema version 1).
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol=%S/Inputs/round.yaml --solar-report -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol=%S/Inputs/round.yaml --solar-report=json -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: rm -f %t.json && solar-opt %S/Inputs/mlp.mlir --solar-sol=%S/Inputs/round.yaml --pass-pipeline='builtin.module(solar-report{format=json output=%t.json})' -o /dev/null && %python -c "import json,sys; d=json.load(open(sys.argv[1])); f=d['functions'][0]; print(d['schema_version'], f['function'], f['bytes_fused'], f['time_unfused_s'])" %t.json | FileCheck %s --check-prefix=FILE

// Numbers as derived in mlp-fidelities.mlir (t resident in the L2 between
// the unfused kernels: 230400 B, 2.163712 us).
// TEXT: SOL of @mlp on Round (fp32)
// TEXT-NEXT: flops 4227072   compute 2.097 us   fusion groups 1   ridge 2 flop/B
// TEXT-NEXT: fidelity DRAM bytes time bound flop/B
// TEXT-NEXT: unfused 230400 2.164 us compute 18.3
// TEXT-NEXT: fused 230400 2.097 us compute 18.3
// TEXT-NEXT: cache-aware 230400 2.097 us compute 18.3
// TEXT-NEXT: ideal (fully fused) 230400 2.097 us compute 18.3

// JSON: "bytes_fused": 230400,
// JSON: "function": "mlp",
// JSON: "time_unfused_s": 2.163712e-6
// JSON: "schema_version": 1

// FILE: 1 mlp 230400 2.163712e-06
