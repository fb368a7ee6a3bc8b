// SOL on the shipped H100_SXM and Jetson_Thor files, analyzed in bf16
// (--solar-dtype=bf16: tensor cores for contractions, 2-byte tensors).
// RUN: solar-opt %S/Inputs/matmul-sizes.mlir --solar-sol=H100_SXM --solar-dtype=bf16 | FileCheck %s --check-prefix=H100
// RUN: solar-opt %S/Inputs/matmul-sizes.mlir --solar-sol=Jetson_Thor --solar-dtype=bf16 | FileCheck %s --check-prefix=THOR
// RUN: solar-opt %S/Inputs/conv2d.mlir --solar-sol=H100_SXM --solar-dtype=bf16 | FileCheck %s --check-prefix=CONV-H100
// RUN: solar-opt %S/Inputs/conv2d.mlir --solar-sol=Jetson_Thor --solar-dtype=bf16 | FileCheck %s --check-prefix=CONV-THOR
// RUN: solar-opt %S/Inputs/mlp.mlir --solar-sol=H100_SXM --solar-dtype=bf16 | FileCheck %s --check-prefix=MLP-H100
// RUN: solar-opt %S/Inputs/softmax.mlir --solar-sol=H100_SXM --solar-dtype=bf16 | FileCheck %s --check-prefix=SOFTMAX-H100
// RUN: solar-opt %S/Inputs/attention4096.mlir --solar-sol=H100_SXM --solar-dtype=bf16 | FileCheck %s --check-prefix=ATT-H100
// RUN: solar-opt %S/Inputs/attention4096.mlir --solar-sol=H100_SXM --solar-dtype=bf16 --solar-capacity=4KiB | FileCheck %s --check-prefix=ATT-SMALL
// RUN: solar-opt %S/Inputs/attention4096.mlir --solar-sol=Jetson_Thor --solar-dtype=bf16 --solar-capacity=4KiB | FileCheck %s --check-prefix=ATT-THOR

// Rates (arch/*.yaml, per-cycle x clock):
//  H100_SXM: bf16 tensor 270336 x 1.83e9 = 4.9471488e14 MAC/s; DRAM
//    1830.61 x 1.83e9 = 3.3500163e12 B/s; bf16 vector 36562 x 1.83e9 =
//    6.690846e13 op/s; SFU and divide 2286 x 1.83e9 = 4.18338e12 /s.
//  Jetson_Thor: bf16 tensor 82325 x 1.57e9 = 1.2925025e14 MAC/s; DRAM
//    173.89 x 1.57e9 = 2.730073e11 B/s.

// Large matmul, 4096^3 = 68719476736 MAC: 6.8719e10 / 4.9471e14 =
// 1.389072e-4 s. Fused: A, B read, C written, 3 * 4096^2 * 2 B = 100663296 B
// -> 3.0049e-5 s: compute bound. Unfused with every tensor between kernels
// through DRAM adds the fill's write of C (33554432 B) and the matmul's read
// of C: 167772160 B (bytes_unfused_dram). C (32 MiB) fits the 50 MiB L2 and
// the fill's write is not C's last, so the fill moves nothing and the matmul
// reads A, B, C (resident) and writes C: 100663296 B, 0 + 1.389072e-4 s
// (docs/sol-model.md, "Between kernels").
// H100-LABEL: func.func @matmul4096
// H100-SAME: bound = "compute"
// H100-SAME: bytes_fused = 100663296 : i64, bytes_fused_dram = 100663296 : i64, bytes_ideal = 100663296 : i64, bytes_unfused = 100663296 : i64, bytes_unfused_dram = 167772160 : i64, compute_s = 1.3890723629740001E-4 : f64
// H100-SAME: flops = 137438953472 : i64
// H100-SAME: time_fused_s = 1.3890723629740001E-4 : f64, time_ideal_s = 1.3890723629740001E-4 : f64, time_unfused_s = 1.3890723629740001E-4 : f64
// Small matmul 64^3: 262144 MAC -> 5.2989e-10 s, but 3 * 64^2 * 2 B = 24576 B
// -> 7.336084e-9 s: DRAM bound. Unfused through DRAM: fill 8192 B
// (2.44536e-9) + matmul 32768 B (9.78145e-9) = 1.222681e-8 s; with the L2
// the fill moves nothing and the matmul 24576 B: 7.336084e-9 s.
// H100-LABEL: func.func @matmul64
// H100-SAME: bound = "dram"
// H100-SAME: bytes_fused = 24576 : i64
// H100-SAME: time_fused_s = 7.3360837080106103E-9 : f64, time_ideal_s = 7.3360837080106103E-9 : f64, time_unfused_s = 7.3360837080106103E-9 : f64
// Elementwise add of 2^20 elements: 2^20 / 6.690846e13 = 1.56718e-8 s
// compute, 3 * 2^20 * 2 B = 6291456 B / 3.35e12 = 1.878037e-6 s: DRAM bound.
// H100-LABEL: func.func @add
// H100-SAME: bound = "dram"
// H100-SAME: bytes_unfused = 6291456 : i64, bytes_unfused_dram = 6291456 : i64, compute_s = 1.5671799948765801E-8 : f64
// H100-SAME: time_unfused_s = 1.8780374292507201E-6 : f64

// Thor: 6.8719e10 / 1.2925e14 = 5.316777e-4 s (compute bound);
// 64^3: 24576 B / 2.730073e11 = 9.00196e-8 s; add: 6291456 / 2.730073e11 =
// 2.304501e-5 s.
// THOR-LABEL: func.func @matmul4096
// THOR-SAME: bound = "compute"
// THOR-SAME: time_fused_s = 5.3167770844543799E-4 : f64
// THOR-LABEL: func.func @matmul64
// THOR-SAME: bound = "dram"
// THOR-SAME: time_fused_s = 9.0019570905246897E-8 : f64
// THOR-LABEL: func.func @add
// THOR-SAME: time_unfused_s = 2.3045010151743199E-5 : f64

// Conv 3x3: 8*128*56*56*64*9 = 1849688064 MAC (3699376128 flops). Bytes:
// x 8*64*58*58*2 = 3444736, w 128*64*9*2 = 147456, y 8*128*56*56*2 = 6422528
// -> 10014720 B. On H100 compute 1849688064 / 4.9471e14 = 3.738897e-6 s >
// DRAM 2.98946e-6 s -> compute bound. Thor: compute 1.431091e-5 s < DRAM
// 10014720 / 2.730073e11 = 3.668298e-5 s -> DRAM bound.
// CONV-H100: bound = "compute"
// CONV-H100-SAME: bytes_fused = 10014720 : i64
// CONV-H100-SAME: compute_s = 3.7388971684053699E-6 : f64
// CONV-H100-SAME: flops = 3699376128 : i64
// CONV-H100-SAME: time_fused_s = 3.7388971684053699E-6 : f64
// CONV-THOR: bound = "dram"
// CONV-THOR-SAME: compute_s = 1.43109051162377E-5 : f64
// CONV-THOR-SAME: time_fused_s = 3.6682975143888102E-5 : f64

// MLP (mlp-fidelities.mlir, in bf16): fusion keeps the intermediate on chip.
// Fused 115200 B / 3.35e12 = 3.438789e-8 s (DRAM bound). Unfused through
// DRAM: fill 32768 B -> 9.78200e-9; matmul max(2097152/4.9471e14, 147456
// B/3.35e12 = 4.401650e-8); bias+ReLU 66048 B -> 1.971573e-8; sum
// 7.351367e-8 s, 246272 B. With t (32 KiB) in the L2: fill 0; matmul
// x + w 81920 B -> 2.445357e-8 (> 4.239e-9 compute); bias+ReLU b + y
// 33280 B -> 9.93428e-9: 115200 B, 3.438789e-8 s, the fused figure.
// MLP-H100: bound = "dram"
// MLP-H100-SAME: bytes_fused = 115200 : i64, bytes_fused_dram = 115200 : i64, bytes_ideal = 115200 : i64, bytes_unfused = 115200 : i64, bytes_unfused_dram = 246272 : i64
// MLP-H100-SAME: time_fused_s = 3.4387892381299798E-8 : f64, time_ideal_s = 3.4387892381299798E-8 : f64, time_unfused_s = 3.4387892381299798E-8 : f64

// Softmax (softmax-units.mlir, in bf16): fused, only x and y move:
// 2 * 32768 * 2 B = 131072 B / 3.35e12 = 3.912578e-8 s.
// SOFTMAX-H100: bound = "dram"
// SOFTMAX-H100-SAME: bytes_fused = 131072 : i64
// SOFTMAX-H100-SAME: time_fused_s = 3.9125779776056597E-8 : f64

// Attention, N = 4096, d = 64. Per node: QK^T and AV 2^30 MAC / 4.9471e14 =
// 2.170430e-6 s each; row max, exp's subtraction and the row sum 2^24 vector
// ops / 6.690846e13 = 2.50748e-7 s each (exp's node: 2^24 exp / 4.18338e12 =
// 4.010538e-6 s); the normalisation 2^24 div / 4.18338e12 = 4.010538e-6 s.
// Fused, the units overlap and each unit's time adds up over the nodes
// (H100_SXM declares no shared pipe, and this work is bf16): tensor 2 *
// 2.170430e-6 = 4.340860e-6, ALU 3 * 2.50748e-7 = 7.52244e-7, SFU and DIV
// 4.010538e-6 each; the longest is the tensor cores': 4.340851e-6 s.
// With the 50 MiB L2 a 4096-wide row of scores (8 KiB) is live at a time, so
// everything fuses (flash-attention style): only Q, K, V, O move,
// 4 * 4096*64*2 B = 2097152 B; cache-aware equals fused.
// ATT-H100: bound = "compute"
// ATT-H100-SAME: bytes_cache = 2097152 : i64, bytes_fused = 2097152 : i64
// ATT-H100-SAME: compute_s = 4.3408511342937597E-6 : f64
// ATT-H100-SAME: time_cache_s = 4.3408511342937597E-6 : f64, time_fused_s = 4.3408511342937597E-6 : f64
// With 4 KiB on chip a row no longer fits: {QK^T + softmax} and {AV} split
// over the 32 MiB score matrix: each group moves Q or V (0.5 MiB), K or O
// (0.5 MiB) and the scores (32 MiB): 2 * 34603008 = 69206016 B fused
// through DRAM (bytes_fused_dram). The scores fit the 50 MiB L2 between the
// groups (docs/sol-model.md, "Between kernels"), so fused moves Q, K, V, O:
// 2097152 B = ideal; group 1 is compute-bound at SFU or DIV 4.010538e-6 s
// (its 1 MiB takes 3.13e-7 s), group 2 at its AV, 2.170430e-6 s: fused
// 6.180968e-6 s.
// Cache-aware, 4 KiB = 2048 bf16, sqrt 45.2548: AV alone would need
// 2*4096*4096*64/45.2548 - 2*2048 = 47449036.8 el = 94898073.6 B (Smith et
// al.); its fused fill spares at most a load and a store of O (2 * 524288 B):
// 93849497.6 B. QK^T's bound, less what softmax can spare of the scores
// (2 * 32 MiB), falls below its group's 34603008 compulsory bytes. Total
// 34603008 + 93849497.6 = 128452505.6 B through DRAM. With the scores in
// the L2, group 1's compulsory bytes are Q + K = 1048576 B, and its proven
// bound, QK^T's less the 2 * 32 MiB softmax spares, 27789209.648503 B,
// now binds: 27789209.648503 + 93849497.6 = 121638707.248503 B. Times:
// group 1 27789209.6485 / 3.35e12 = 8.295287e-6 s (above its 4.010538e-6 s
// compute); group 2 93849497.6 / 3.35e12 = 2.801459e-5 s; sum
// 3.630989e-5 s.
// ATT-SMALL: bound = "dram"
// ATT-SMALL-SAME: bytes_cache = 121638707.248503 : f64, bytes_fused = 2097152 : i64, bytes_fused_dram = 69206016 : i64
// ATT-SMALL-SAME: groups = 2 : i64
// ATT-SMALL-SAME: time_cache_s = 3.6309885193246103E-5 : f64, time_fused_s = 6.1808707095915101E-6 : f64
// Thor (12 MiB L2, 2.730073e11 B/s): group 1 (its nodes may each run as a
// kernel leaving 12 MiB resident) writes the 32 MiB scores into the cache, group 2 (the AV
// fill and AV: 2 * 12 MiB) must read 32 - 24 = 8 MiB of them from DRAM:
// fused 1 MiB + 1 MiB + 8388608 = 10485760 B. Group 1 is compute-bound at
// its longest pipe, the function's 1.786977e-5 s (time_ideal_s); group 2
// moves 9437184 B, 3.456710e-5 s: fused 5.243687e-5 s. Cache-aware: the
// proven bounds bind as on H100, 121638707.2 / 2.730073e11 = 4.455511e-4 s.
// ATT-THOR: bytes_cache = 121638707.248503 : f64, bytes_fused = 10485760 : i64, bytes_fused_dram = 69206016 : i64
// ATT-THOR-SAME: time_cache_s = 4.4555111621009101E-4 : f64, time_fused_s = 5.2437289208826002E-5 : f64
