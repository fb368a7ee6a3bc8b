// RUN: not solar-opt --solar-arch-info %s 2>&1 | FileCheck --check-prefix=NO-ARCH %s
// RUN: not solar-opt --solar-arch=%arch_reference/A6000.yaml --solar-strict --solar-arch-info %s 2>&1 | FileCheck --check-prefix=STRICT %s
// RUN: not solar-opt --pass-pipeline='builtin.module(solar-arch-info{arch=%arch_reference/A6000.yaml strict})' %s 2>&1 | FileCheck --check-prefix=STRICT %s
// RUN: not solar-opt --solar-arch=%S/Inputs/freq-mhz.yaml --solar-arch-info %s 2>&1 | FileCheck --check-prefix=BAD-FILE %s
// RUN: not solar-opt --solar-arch=%S/Inputs/missing-all.yaml --solar-arch-info %s 2>&1 | FileCheck --check-prefix=MISSING %s
// RUN: env SOLAR_ARCH_PATH= not solar-opt --solar-arch=H300 --solar-arch-info %s 2>&1 | FileCheck --check-prefix=NOT-FOUND %s

// Hardware problems are errors at the module, naming file, line and key;
// the pass fails and nothing is printed.

// NO-ARCH: arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: solar-arch-info needs a hardware description: --solar-arch=NAME|PATH or solar-arch-info{arch=...}

// STRICT:     arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}A6000.yaml:6: key 'SRAM_byte_per_cycle' = 768000000000 is too large for bytes per cycle (limit 1e+07); it looks like bytes/s (426.667 bytes/cycle at 1.8 GHz), which strict mode does not convert
// STRICT-NOT: solar.arch

// BAD-FILE:     arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}freq-mhz.yaml:2: key 'freq_GHz' = 1830 is not in GHz (above 100: MHz or Hz given?); write the clock in GHz, e.g. 1.83
// BAD-FILE-NOT: solar.arch

// Every loader error is its own diagnostic.
// MISSING:      arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}missing-all.yaml: missing required key 'freq_GHz' (clock in GHz)
// MISSING: arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}missing-all.yaml: missing required key 'DRAM_byte_per_cycle'
// MISSING: arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}missing-all.yaml: missing required key 'MAC_per_cycle_<dtype>_tc'
// MISSING-NOT:  solar.arch

// NOT-FOUND: arch-info-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no hardware file named 'H300' (searched {{.*}}/arch); known: A100_SXM, A6000, B200, H100_PCIe, H100_SXM, H200, Jetson_AGX_Orin, Jetson_Thor, L40S
func.func @f() {
  return
}
