// RUN: solar-opt --solar-arch=%S/Inputs/minimal.yaml --solar-arch-info %s | FileCheck --check-prefix=MINIMAL %s
// RUN: solar-opt --solar-arch=%S/Inputs/minimal.yaml --solar-arch-info %s | solar-opt | FileCheck --check-prefix=MINIMAL %s
// RUN: env SOLAR_ARCH_PATH= solar-opt --solar-arch=h100_sxm --solar-arch-info %s | FileCheck --check-prefix=H100 %s
// RUN: env SOLAR_ARCH_PATH= solar-opt --pass-pipeline='builtin.module(solar-arch-info{arch=B200})' %s | FileCheck --check-prefix=B200 %s
// RUN: env SOLAR_ARCH_PATH= solar-opt --solar-arch-info=B200 %s | FileCheck --check-prefix=B200 %s
// RUN: solar-opt --solar-arch=%arch_reference/A6000.yaml --solar-arch-info %s 2>&1 | FileCheck --check-prefix=WARN %s

// solar-arch-info attaches the whole hardware model to the module as the
// builtin dictionary solar.arch (rates per second, capacities in bytes).

// The three required keys alone (freq_GHz: 2, DRAM_byte_per_cycle: 500,
// MAC_per_cycle_fp32_sm: 1000): everything else is a default.
// 500 B/cycle * 2e9 = 1e12 B/s; 1000 MAC/cycle * 2e9 = 2e12 MAC/s, which is
// also every other vector rate (the fastest stated one), the div and the SFU
// rate. Unlimited values (DRAM and L2 capacity, L2 bandwidth) are left out.
// MINIMAL: module attributes {solar.arch = {converted = [], defaulted = ["dram_capacity_bytes", "L2.capacity_bytes", "L2.bytes_per_s", "vector_mac_per_s.fp64", "vector_mac_per_s.tf32", "vector_mac_per_s.bf16", "vector_mac_per_s.fp16", "vector_mac_per_s.fp8", "vector_mac_per_s.fp6", "vector_mac_per_s.nvfp4", "vector_mac_per_s.int64", "vector_mac_per_s.int32", "vector_mac_per_s.int16", "vector_mac_per_s.int8", "vector_mac_per_s.int4", "vector_mac_per_s.bool", "vector_op_per_s.fp64", "vector_op_per_s.fp32", "vector_op_per_s.tf32", "vector_op_per_s.bf16", "vector_op_per_s.fp16", "vector_op_per_s.fp8", "vector_op_per_s.fp6", "vector_op_per_s.nvfp4", "vector_op_per_s.int64", "vector_op_per_s.int32", "vector_op_per_s.int16", "vector_op_per_s.int8", "vector_op_per_s.int4", "vector_op_per_s.bool", "div_op_per_s", "sfu_op_per_s"], div_op_per_s = 2.000000e+12 : f64, dram_bytes_per_s = 1.000000e+12 : f64, freq_hz = 2.000000e+09 : f64, memory_levels = [{kind = "L2"}], name = "minimal", sfu_op_per_s = 2.000000e+12 : f64, source = "{{.*}}/Inputs/minimal.yaml", tensor_mac_per_s = {}, vector_mac_per_s = {bf16 = 2.000000e+12 : f64, bool = 2.000000e+12 : f64, fp16 = 2.000000e+12 : f64, fp32 = 2.000000e+12 : f64, fp6 = 2.000000e+12 : f64, fp64 = 2.000000e+12 : f64, fp8 = 2.000000e+12 : f64, int16 = 2.000000e+12 : f64, int32 = 2.000000e+12 : f64, int4 = 2.000000e+12 : f64, int64 = 2.000000e+12 : f64, int8 = 2.000000e+12 : f64, nvfp4 = 2.000000e+12 : f64, tf32 = 2.000000e+12 : f64}, vector_op_per_s = {bf16 = 2.000000e+12 : f64, bool = 2.000000e+12 : f64, fp16 = 2.000000e+12 : f64, fp32 = 2.000000e+12 : f64, fp6 = 2.000000e+12 : f64, fp64 = 2.000000e+12 : f64, fp8 = 2.000000e+12 : f64, int16 = 2.000000e+12 : f64, int32 = 2.000000e+12 : f64, int4 = 2.000000e+12 : f64, int64 = 2.000000e+12 : f64, int8 = 2.000000e+12 : f64, nvfp4 = 2.000000e+12 : f64, tf32 = 2.000000e+12 : f64}}} {
// MINIMAL-NEXT: func.func @f()

// H100:      solar.arch = {
// H100-SAME: converted = []
// No register bandwidth key; every fp8/int/... vector rate is a default.
// H100-SAME: defaulted = ["register.bytes_per_s", "vector_mac_per_s.tf32",
// 2286 * 1.83e9 = 4.18338e12
// H100-SAME: div_op_per_s = 4.183380e+12 : f64
// 1830.61 B/cycle * 1.83e9 = 3.3500163e12 B/s
// H100-SAME: dram_bytes_per_s = 3.3500163E+12 : f64
// H100-SAME: dram_capacity_bytes = 85899345920 : i64
// H100-SAME: freq_hz = 1.830000e+09 : f64
// 132 * 256 KiB registers (unlimited bandwidth: left out); L1 18281 B/cycle * 1.83e9;
// L2 10000 B/cycle * 1.83e9 and 50 MiB
// H100-SAME: memory_levels = [{capacity_bytes = 34603008 : i64, kind = "register"}, {bytes_per_s = 3.345423E+13 : f64, capacity_bytes = 34603008 : i64, kind = "L1"}, {bytes_per_s = 1.830000e+13 : f64, capacity_bytes = 52428800 : i64, kind = "L2"}]
// H100-SAME: name = "H100_SXM", num_sm = 132 : i64
// H100-SAME: sfu_op_per_s = 4.183380e+12 : f64
// H100-SAME: source = "{{.*}}/arch/H100_SXM.yaml"
// 18281, 270336, 540672, 135168 MAC/cycle * 1.83e9
// H100-SAME: tensor_mac_per_s = {bf16 = 4.9471488E+14 : f64, fp16 = 4.9471488E+14 : f64, fp64 = 3.345423E+13 : f64, fp8 = 9.8942976E+14 : f64, int8 = 9.8942976E+14 : f64, tf32 = 2.4735744E+14 : f64}
// 36562 (bf16/fp16), 18281 (fp32, tf32), 9141 (fp64, int32) * 1.83e9; others the fp8 rate
// H100-SAME: vector_mac_per_s = {bf16 = 6.690846E+13 : f64, bool = 9.8942976E+14 : f64, fp16 = 6.690846E+13 : f64, fp32 = 3.345423E+13 : f64, fp6 = 9.8942976E+14 : f64, fp64 = 1.672803E+13 : f64, fp8 = 9.8942976E+14 : f64, int16 = 9.8942976E+14 : f64, int32 = 1.672803E+13 : f64, int4 = 9.8942976E+14 : f64, int64 = 9.8942976E+14 : f64, int8 = 9.8942976E+14 : f64, nvfp4 = 9.8942976E+14 : f64, tf32 = 3.345423E+13 : f64}
// H100-SAME: vector_op_per_s = {bf16 = 6.690846E+13 : f64, bool = 9.8942976E+14 : f64, fp16 = 6.690846E+13 : f64, fp32 = 3.345423E+13 : f64, fp6 = 9.8942976E+14 : f64, fp64 = 1.672803E+13 : f64, fp8 = 9.8942976E+14 : f64, int16 = 9.8942976E+14 : f64, int32 = 1.672803E+13 : f64, int4 = 9.8942976E+14 : f64, int64 = 9.8942976E+14 : f64, int8 = 9.8942976E+14 : f64, nvfp4 = 9.8942976E+14 : f64, tf32 = 3.345423E+13 : f64}}

// B200 through the pipeline option and through the value flag:
// 5333.34 B/cycle * 1.5e9 = 8.00001e12 B/s; 750000 MAC/cycle * 1.5e9 = 1.125e15
// B200:      solar.arch = {
// B200-SAME: dram_bytes_per_s = 8.000010e+12 : f64
// B200-SAME: name = "B200", num_sm = 148 : i64
// B200-SAME: tensor_mac_per_s = {bf16 = 1.125000e+15 : f64

// The reference A6000 file: a warning at the module, the L2 rate converted
// from bytes/s (768e9 B/s) and listed under `converted`.
// WARN:      arch-info.mlir:{{[0-9]+}}:{{[0-9]+}}: warning: {{.*}}A6000.yaml:6: key 'SRAM_byte_per_cycle' = 768000000000 is too large for bytes per cycle (limit 1e+07); interpreted as bytes/s: 768000000000 / (1.8 GHz * 1e9) = 426.667 bytes/cycle
// WARN:      solar.arch = {converted = ["L2.bytes_per_s"]
// WARN-SAME: {bytes_per_s = 7.680000e+11 : f64, capacity_bytes = 6291456 : i64, kind = "L2"}
func.func @f() {
  return
}
