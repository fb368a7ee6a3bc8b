// RUN: solar-opt --solar-dump-einsum-graph=json %s -o /dev/null 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err

// Necessary work (docs/sol-model.md): points of a contraction whose product
// has a proven zero factor, or whose result is never used, are excluded.

// 1-d conv with zero padding 1: P[0..9] = 0, P[1+i] = x[i] (i < 8), then
// y[o] += P[o + r] * w[r], o < 8, r < 3. Nonzero taps: 1 <= o + r <= 8:
// o = 0 has r = 1, 2; o = 1..6 all 3; o = 7 has r = 0, 1: 2 + 18 + 2 = 22
// of 24 MACs.
// CHECK-LABEL: "function": "pad_conv1d",
// CHECK:      "equation": "(M+K),K->M",
// CHECK:      "flops": 48,
// CHECK-NEXT: "necessary_domain": "{ S2[m, k] : 0 <= m <= 7 and k >= 0 and -m < k <= 8 - m and k <= 2 }",
// CHECK-NEXT: "necessary_points": 22,
// CHECK-NEXT: "flops_necessary": 44,
func.func @pad_conv1d(%x: memref<8xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %p[%i + 1] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  return
}

// The same with iter_args: the contribution is the mul added to the loop's
// accumulator; 22 of 24 points again.
// CHECK-LABEL: "function": "pad_conv1d_iter_args",
// CHECK:      "necessary_points": 22,
// CHECK-NEXT: "flops_necessary": 44,
func.func @pad_conv1d_iter_args(%x: memref<8xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %p[%i + 1] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    %sum = affine.for %r = 0 to 3 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %acc, %m : f32
      affine.yield %s : f32
    }
    affine.store %sum, %y[%o] : memref<8xf32>
  }
  memref.dealloc %p : memref<10xf32>
  return
}

// Causal attention weights written with an affine mask: T = select(j > i,
// -inf, s), E = exp(T), out[i, d] += E[i, j] * v[j, d] (4x4 scores, d < 2).
// E is exp(-inf) = 0 for j > i, so out needs the 4*5/2 = 10 pairs j <= i:
// 20 of 32 MACs. T and E are needed only there too (the unused exps are
// excluded: 10 of 16).
// CHECK-LABEL: "function": "causal_affine",
// CHECK:      "equation": "MN->MN",
// CHECK:      "necessary_points": 10,
// CHECK:      "equation": "MK,KN->MN",
// CHECK:      "necessary_domain": "{ S2[m, n, k] : m <= 3 and 0 <= n <= 1 and 0 <= k <= m }",
// CHECK-NEXT: "necessary_points": 20,
// CHECK-NEXT: "flops_necessary": 40,
func.func @causal_affine(%s: memref<4x4xf32>, %v: memref<4x2xf32>, %out: memref<4x2xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %t = memref.alloc() : memref<4x4xf32>
  %e = memref.alloc() : memref<4x4xf32>
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %x = affine.load %s[%i, %j] : memref<4x4xf32>
      %masked = arith.cmpi sgt, %j, %i : index
      %y = arith.select %masked, %ninf, %x : f32
      affine.store %y, %t[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %x = affine.load %t[%i, %j] : memref<4x4xf32>
      %y = math.exp %x : f32
      affine.store %y, %e[%i, %j] : memref<4x4xf32>
    }
  }
  affine.for %i = 0 to 4 {
    affine.for %d = 0 to 2 {
      affine.for %j = 0 to 4 {
        %a = affine.load %e[%i, %j] : memref<4x4xf32>
        %b = affine.load %v[%j, %d] : memref<4x2xf32>
        %c = affine.load %out[%i, %d] : memref<4x2xf32>
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %c, %m : f32
        affine.store %r, %out[%i, %d] : memref<4x2xf32>
      }
    }
  }
  memref.dealloc %t : memref<4x4xf32>
  memref.dealloc %e : memref<4x4xf32>
  return
}

// Nothing is excluded without a proof:
// a fill with 1.0 is not a zero;
// CHECK-LABEL: "function": "fill_one",
// CHECK-NOT:  "necessary_points"
// -inf * 0 is NaN, not 0: a product of a known -inf and a known zero stays
// (its 4 points, 8 flops); the fills it reads hold constants it reads as
// such, so they are needed nowhere;
// CHECK-LABEL: "function": "neg_inf_times_zero",
// CHECK:      "necessary_points": 0,
// CHECK:      "necessary_points": 0,
// CHECK:      "flops": 8,
// CHECK-NEXT: "dtype"
// zeros stored into an argument are not trusted by a node that writes
// another argument (the two could be one buffer);
// CHECK-LABEL: "function": "argument_zero",
// CHECK-NOT:  "necessary_points"
// a fill and a copy in one loop nest (order of their points unknown to the
// analysis) only forget;
// CHECK-LABEL: "function": "shared_nest",
// CHECK-NOT:  "necessary_points"
// an op the graph does not model (a call) may write anything (a
// memref.copy is lowered to a loop nest like any other, wherever it
// appears: test/Pipeline/entry-points.test);
// CHECK-LABEL: "function": "opaque_call",
// CHECK-NOT:  "necessary_points"
// a second name for a buffer (memref.assume_alignment's result) hides the
// copy into it from the analysis: nothing is concluded.
// CHECK-LABEL: "function": "aliased_buffer",
// CHECK-NOT:  "necessary_points"
// WARN: call to @external_write is not analyzed
func.func @fill_one(%w: memref<3xf32>, %y: memref<8xf32>) {
  %one = arith.constant 1.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %one, %p[%i] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  return
}

func.func @neg_inf_times_zero(%y: memref<1xf32>) {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  affine.for %i = 0 to 4 {
    affine.store %ninf, %a[%i] : memref<4xf32>
  }
  affine.for %i = 0 to 4 {
    affine.store %zero, %b[%i] : memref<4xf32>
  }
  affine.for %k = 0 to 4 {
    %x = affine.load %a[%k] : memref<4xf32>
    %z = affine.load %b[%k] : memref<4xf32>
    %c = affine.load %y[0] : memref<1xf32>
    %m = arith.mulf %x, %z : f32
    %s = arith.addf %c, %m : f32
    affine.store %s, %y[0] : memref<1xf32>
  }
  memref.dealloc %a : memref<4xf32>
  memref.dealloc %b : memref<4xf32>
  return
}

func.func @argument_zero(%p: memref<10xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  return
}

func.func @shared_nest(%x: memref<10xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
    %v = affine.load %x[%i] : memref<10xf32>
    affine.store %v, %p[%i] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  return
}

func.func private @external_write(memref<10xf32>)

func.func @opaque_call(%x: memref<10xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  func.call @external_write(%p) : (memref<10xf32>) -> ()
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  return
}

func.func @aliased_buffer(%x: memref<8xf32>, %w: memref<3xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  %p = memref.alloc() : memref<10xf32>
  affine.for %i = 0 to 10 {
    affine.store %zero, %p[%i] : memref<10xf32>
  }
  %q = memref.assume_alignment %p, 64 : memref<10xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %x[%i] : memref<8xf32>
    affine.store %v, %q[%i + 1] : memref<10xf32>
  }
  affine.for %o = 0 to 8 {
    affine.for %r = 0 to 3 {
      %a = affine.load %p[%o + %r] : memref<10xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %c = affine.load %y[%o] : memref<8xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %c, %m : f32
      affine.store %s, %y[%o] : memref<8xf32>
    }
  }
  memref.dealloc %p : memref<10xf32>
  return
}
