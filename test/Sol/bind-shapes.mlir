// A shape-generic function (verified at a small size) analyzed at full size:
// --solar-bind-shapes gives the dynamic arguments static shapes, and
// --canonicalize folds memref.dim and the loop bounds to constants.
// RUN: solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes='arg0=4096x1024 arg1=4096x1024' --canonicalize | FileCheck %s --check-prefix=TYPES
// RUN: solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes='arg0=4096x1024 %%arg1=4096x1024' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SOL
// RUN: solar-opt %S/Inputs/scale-dynamic.mlir --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=SYMBOLIC
// RUN: not solar-opt %S/Inputs/scale-dynamic.mlir --solar-fusion-groups 2>&1 | FileCheck %s --check-prefix=FUSION
// RUN: not solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes='arg0=4096 arg1=4096x1024' 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes='arg7=4x4' 2>&1 | FileCheck %s --check-prefix=NAME
// RUN: not solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes='arg0=4x-4' 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not solar-opt %S/Inputs/scale-dynamic.mlir --solar-bind-shapes 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not solar-opt %S/Inputs/square-1d-dynamic.mlir --solar-bind-shapes='arg0=1000 arg1=4096' 2>&1 | FileCheck %s --check-prefix=INCONSISTENT
// RUN: solar-opt %S/Inputs/square-1d-dynamic.mlir --solar-bind-shapes='arg0=4096 arg1=4096' --canonicalize --solar-sol=%S/Inputs/round.yaml | FileCheck %s --check-prefix=CONSISTENT

// TYPES: func.func @scale(%arg0: memref<4096x1024xf32>, %arg1: memref<4096x1024xf32>)
// TYPES: affine.for %{{.*}} = 0 to 4096
// TYPES: affine.for %{{.*}} = 0 to 1024

// 4096*1024 = 4194304 points, one mul each: 4194304 flops at 2e12 op/s =
// 2.097152e-6 s; x read + y written: 2 * 4194304 * 4 B = 33554432 B at
// 1e12 B/s = 3.3554432e-5 s -> DRAM bound.
// SOL: bound = "dram"
// SOL-SAME: bytes_unfused = 33554432 : i64
// SOL-SAME: flops = 4194304 : i64
// SOL-SAME: time_unfused_s = 3.3554431999999999E-5 : f64

// Unbound, the figures are expressions in the sizes (test/Sol/mlp-generic.mlir
// evaluates them): 8 B per point moved, dim * dim_0 muls at 2e12 op/s.
// SYMBOLIC: bytes_unfused_expr = "[dim, dim_0] -> { 8 * dim * dim_0 : dim > 0 and dim_0 > 0 }"
// SYMBOLIC: time_unfused_s_expr = "max({ dim * dim_0 : dim > 0 and dim_0 > 0 } / 2e12, { 8 * dim * dim_0 : dim > 0 and dim_0 > 0 } / 1e12)"
// The fusion pass alone has no symbolic form.
// FUSION: error: the footprint of %arg0 in function @scale depends on symbolic sizes (dim, dim_0); fusion groups and cache traffic need static shapes (give them with --solar-bind-shapes, then --canonicalize; --solar-sol gives symbolic figures)
// RANK: error: shape '4096' has rank 1 but argument 0 has rank 2
// NAME: error: 'arg7' names no argument of this function (use argN, N from 0 to 1)
// SHAPE: error: shape '4x-4' for argument 0 is not of the form 4096x128 with positive sizes
// EMPTY: error: solar-bind-shapes needs shapes, e.g. --solar-bind-shapes='arg0=4096x4096 arg1=4096'

// The loop runs to dim(y) = 4096 and reads x[i]: binding x to 1000 elements
// would analyze a program that reads past x's end. Rejected, naming the
// tensor and the dimension.
// INCONSISTENT: square-1d-dynamic.mlir:6:10: error: inconsistent shapes: %arg0 is read past its end in dimension 0, which has size 1000 (are the sizes given to --solar-bind-shapes the ones the loops use?)
// 4096 muls; x read and y written: 2 * 4096 * 4 = 32768 B.
// CONSISTENT: bytes_unfused = 32768 : i64
// CONSISTENT-SAME: flops = 4096 : i64
