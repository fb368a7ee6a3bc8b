// bf16 reached through f64 (arith.truncf f64 -> bf16, arith.extf bf16 ->
// f64: conversions upstream's integer expansion does not take, split
// through f32 first) and bf16 math, compiled for LLVM's baseline CPU model
// without any native narrow-float conversion: each would need
// __truncdfbf2 / __truncsfbf2 from the process otherwise, which glibc and
// GCC 12's libgcc do not have (issue 26: the JIT failed to resolve them on
// an AMD EPYC without AVX512-BF16).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/bf16 add --dtype bf16
// RUN: env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=add_via_f64})' 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=add_via_exp_log})' 2>&1 | FileCheck %s --check-prefix=MATH
// RUN: env SOLAR_VERIFY_CPU=generic solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=accumulate_bf16})' 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not env SOLAR_VERIFY_CPU='x86 64' solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/bf16/manifest.json function=add_via_f64})' 2>&1 | FileCheck %s --check-prefix=BADCPU

// a + b in f64 rounded once to bf16 equals the bf16 reference (round(a + b)
// of bf16 a, b: make_case.py's "add"); the sums are exact in f64 and f32,
// so the split rounding through f32 rounds once.
// WIDE: remark: solar-verify: @add_via_f64 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
func.func @add_via_f64(%a: memref<8xbf16>, %b: memref<8xbf16>, %out: memref<8xbf16>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xbf16>
    %y = affine.load %b[%i] : memref<8xbf16>
    %xw = arith.extf %x : bf16 to f64
    %yw = arith.extf %y : bf16 to f64
    %s = arith.addf %xw, %yw : f64
    %r = arith.truncf %s : f64 to bf16
    affine.store %r, %out[%i] : memref<8xbf16>
  }
  return
}

// a + b plus max(b, 0) - max(b, 0) through bf16 math.exp / math.log and
// maximumf: exp(log(m)) of a positive bf16 m computed in f32 and rounded to
// bf16 is m again (an f32 error of a few ulp is far below bf16's half ulp
// for these values, 0.25 .. 8 and 0), so the result is the bf16 sum.
// MATH: remark: solar-verify: @add_via_exp_log matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
func.func @add_via_exp_log(%a: memref<8xbf16>, %b: memref<8xbf16>, %out: memref<8xbf16>) {
  %zero = arith.constant 0.0 : bf16
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xbf16>
    %y = affine.load %b[%i] : memref<8xbf16>
    %m = arith.maximumf %y, %zero : bf16
    %l = math.log %m : bf16
    %e = math.exp %l : bf16
    %s = arith.addf %x, %y : bf16
    %t = arith.addf %s, %e : bf16
    %r = arith.subf %t, %m : bf16
    affine.store %r, %out[%i] : memref<8xbf16>
  }
  return
}

// out[i] = a[i], then out[i] += b[i] in a loop over k that the index does
// not use: a reduction into a bf16 memref (of one term), which the run
// accumulates in an f64 shadow (bf16 -> f64 and f64 -> bf16,
// both split through f32; verify_accumulate.h). The sums are exact in f32,
// so the one rounding to bf16 gives the reference.
// ACC: remark: solar-verify: @accumulate_bf16 matches the numpy reference ({{.*}}): 1 output(s), 8 element(s), max_abs_err=0, max_rel_err=0
func.func @accumulate_bf16(%a: memref<8xbf16>, %b: memref<8xbf16>, %out: memref<8xbf16>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %a[%i] : memref<8xbf16>
    affine.store %x, %out[%i] : memref<8xbf16>
  }
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 1 {
      %y = affine.load %b[%i] : memref<8xbf16>
      %acc = affine.load %out[%i] : memref<8xbf16>
      %s = arith.addf %acc, %y : bf16
      affine.store %s, %out[%i] : memref<8xbf16>
    }
  }
  return
}

// BADCPU: error: solar-verify: {{.*}}SOLAR_VERIFY_CPU='x86 64' is not an LLVM CPU name
