// The IR that is run for verification accumulates in f64 (shadow arrays
// beside each f32 accumulator, verify_accumulate.h), so a long fp32 mean
// written as a sequential loop (KernelBench 100_HingeLoss: a 2^30-term
// torch.mean got 0.03125 for 1.0008) is compared with the framework's
// pairwise result like with like. The tolerance's scaled part grows with
// the reductions' length and the magnitude of their terms
// (docs/verification.md, "Accumulation order").
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/mean longmean
// RUN: %python %S/Inputs/make_case.py %t/blocked blockedsum
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/mean/manifest.json function=mean})' 2>&1 | FileCheck %s --check-prefix=MEAN
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/blocked/manifest.json function=sum})' 2>&1 | FileCheck %s --check-prefix=SCALED
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/blocked/manifest.json function=sum_wrong_init})' 2>&1 | FileCheck %s --check-prefix=CAUGHT
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/blocked/manifest.json function=sum atol=1e-5})' 2>&1 | FileCheck %s --check-prefix=LITERAL

// 2^25 terms, 1 and 0.5 (make_case.py longmean): exact mean 0.875, which
// the reference has; a sequential f32 loop gets 0.5 (max_abs_err=0.375,
// what this test reported before the f64 accumulation). In f64 the run is
// exact. Terms n = 2^25 (the init restarts the chain with none), so the
// reduction error terms are min(n, 256) + ceil(log2(n / 256)) = 256 + 17 =
// 273; all terms positive, so sum|x| / max|sum| = 1 and the scale is
// 273 * 2^-24 = 1.627206802368164e-5; atol = 1e-5 + 1.6272e-5 * 0.875 =
// 2.4238e-5.
// MEAN: remark: solar-verify: @mean matches the numpy reference ({{.*}}): 1 output(s), 1 element(s), max_abs_err=0, max_rel_err=0
// MEAN: atol = 2.42380{{[0-9]*}}E-5 : f64, atol_scale = 1.62720680{{[0-9]*}}E-5 : f64
func.func @mean(%x: memref<?xf32>, %out: memref<f32>) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  affine.store %zero, %out[] : memref<f32>
  affine.for %i = 0 to %n {
    %v = affine.load %x[%i] : memref<?xf32>
    %a = affine.load %out[] : memref<f32>
    %s = arith.addf %v, %a : f32
    affine.store %s, %out[] : memref<f32>
  }
  %t = affine.load %out[] : memref<f32>
  %ni = arith.index_cast %n : index to i64
  %nf = arith.sitofp %ni : i64 to f32
  %m = arith.divf %t, %nf : f32
  affine.store %m, %out[] : memref<f32>
  return
}

// x = [2^24, 1 x 65534, -2^24] (make_case.py blockedsum): exact 65534, the
// blocked reference 65279, 255 off: outside the default f32 tolerance
// (1e-5 + 1e-4 * 65279 + 1e-5 * 65279 = 7.18), inside the bound of a
// blocked f32 sum of these terms. n = 65536 -> 256 + log2(256) = 264 terms
// of error; sum|x| = 2^25 + 65534 = 33619966; the largest final sum 65534:
// scale = 264 * 2^-24 * 33619966 / 65534 = 8.0726e-3 and
// atol = 1e-5 + 8.0726e-3 * 65279 = 526.97.
// SCALED: remark: solar-verify: @sum matches the numpy reference ({{.*}}): 1 output(s), 1 element(s), max_abs_err=255, max_rel_err=0.00390631
// SCALED: atol = 526.97{{[0-9]*}} : f64, atol_scale = 0.0080726{{[0-9]*}} : f64
func.func @sum(%x: memref<65536xf32>, %out: memref<f32>) {
  %zero = arith.constant 0.0 : f32
  affine.store %zero, %out[] : memref<f32>
  affine.for %i = 0 to 65536 {
    %v = affine.load %x[%i] : memref<65536xf32>
    %a = affine.load %out[] : memref<f32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %out[] : memref<f32>
  }
  return
}

// A real error stays visible: starting from 1000 instead of 0 gives 66534,
// 1255 off, beyond the scaled tolerance (the init is a value, not a term:
// sum|x| grows by |1000| to 33620966 and the final sum is 66534, so
// scale = 264 * 2^-24 * 33620966 / 66534 = 7.95153e-3 and
// atol = 1e-5 + 7.95153e-3 * 65279 = 519.068).
// CAUGHT: error: solar-verify: @sum_wrong_init does not match the numpy reference: output 'out' (argument #1) has 1 of 1 elements outside rtol=0.0001 atol=519.068 (1e-05 + 0.00795153 x max|expected| 65279), first at [] (max_abs_err=1255, max_rel_err=0.0192252); mismatches: [] got 66534 expected 65279
func.func @sum_wrong_init(%x: memref<65536xf32>, %out: memref<f32>) {
  %init = arith.constant 1000.0 : f32
  affine.store %init, %out[] : memref<f32>
  affine.for %i = 0 to 65536 {
    %v = affine.load %x[%i] : memref<65536xf32>
    %a = affine.load %out[] : memref<f32>
    %s = arith.addf %a, %v : f32
    affine.store %s, %out[] : memref<f32>
  }
  return
}

// A given atol is taken literally (scale 0), reductions or not.
// LITERAL: error: solar-verify: @sum does not match the numpy reference: output 'out' (argument #1) has 1 of 1 elements outside rtol=0.0001 atol=1e-05, first at []
