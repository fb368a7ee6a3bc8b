// Nests for test/Verify/interchange-unit.test and interchange.mlir
// (make_case.py conv: x 2x6x12, k 3x2x3x3, out 3x4x10).

// A valid 3x3 convolution: the output column %w is the last, stride-1
// index of out and of x (w + kw); the band is c, kh, kw.
func.func @conv(%x: memref<2x6x12xf32>, %k: memref<3x2x3x3xf32>, %out: memref<3x4x10xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.store %zero, %out[%f, %h, %w] : memref<3x4x10xf32>
      }
    }
  }
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.for %c = 0 to 2 {
          affine.for %kh = 0 to 3 {
            affine.for %kw = 0 to 3 {
              %p = affine.load %x[%c, %h + %kh, %w + %kw] : memref<2x6x12xf32>
              %q = affine.load %k[%f, %c, %kh, %kw] : memref<3x2x3x3xf32>
              %o = affine.load %out[%f, %h, %w] : memref<3x4x10xf32>
              %m = arith.mulf %p, %q : f32
              %s = arith.addf %o, %m : f32
              affine.store %s, %out[%f, %h, %w] : memref<3x4x10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Wrong: the kernel read transposed (k[f, c, kw, kh]).
func.func @conv_swapped(%x: memref<2x6x12xf32>, %k: memref<3x2x3x3xf32>, %out: memref<3x4x10xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.store %zero, %out[%f, %h, %w] : memref<3x4x10xf32>
      }
    }
  }
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.for %c = 0 to 2 {
          affine.for %kh = 0 to 3 {
            affine.for %kw = 0 to 3 {
              %p = affine.load %x[%c, %h + %kh, %w + %kw] : memref<2x6x12xf32>
              %q = affine.load %k[%f, %c, %kw, %kh] : memref<3x2x3x3xf32>
              %o = affine.load %out[%f, %h, %w] : memref<3x4x10xf32>
              %m = arith.mulf %p, %q : f32
              %s = arith.addf %o, %m : f32
              affine.store %s, %out[%f, %h, %w] : memref<3x4x10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Wrong: no init, so the sums start from the poison the output buffer
// holds (NaN).
func.func @conv_no_init(%x: memref<2x6x12xf32>, %k: memref<3x2x3x3xf32>, %out: memref<3x4x10xf32>) {
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.for %c = 0 to 2 {
          affine.for %kh = 0 to 3 {
            affine.for %kw = 0 to 3 {
              %p = affine.load %x[%c, %h + %kh, %w + %kw] : memref<2x6x12xf32>
              %q = affine.load %k[%f, %c, %kh, %kw] : memref<3x2x3x3xf32>
              %o = affine.load %out[%f, %h, %w] : memref<3x4x10xf32>
              %m = arith.mulf %p, %q : f32
              %s = arith.addf %o, %m : f32
              affine.store %s, %out[%f, %h, %w] : memref<3x4x10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Wrong: the input column is w + kw + 1, past x's last column (12) at
// w = 9, kw = 2. Not provably in bounds, so the loop is not moved and the
// access keeps its check.
func.func @conv_oob(%x: memref<2x6x12xf32>, %k: memref<3x2x3x3xf32>, %out: memref<3x4x10xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.store %zero, %out[%f, %h, %w] : memref<3x4x10xf32>
      }
    }
  }
  affine.for %f = 0 to 3 {
    affine.for %h = 0 to 4 {
      affine.for %w = 0 to 10 {
        affine.for %c = 0 to 2 {
          affine.for %kh = 0 to 3 {
            affine.for %kw = 0 to 3 {
              %p = affine.load %x[%c, %h + %kh, %w + %kw + 1] : memref<2x6x12xf32>
              %q = affine.load %k[%f, %c, %kh, %kw] : memref<3x2x3x3xf32>
              %o = affine.load %out[%f, %h, %w] : memref<3x4x10xf32>
              %m = arith.mulf %p, %q : f32
              %s = arith.addf %o, %m : f32
              affine.store %s, %out[%f, %h, %w] : memref<3x4x10xf32>
            }
          }
        }
      }
    }
  }
  return
}

// Matmul with the init inside the j loop before the k band: the init
// stays with the chain's check in the first loop. 4x3 by 3x16.
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x16xf32>, %C: memref<4x16xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      affine.store %zero, %C[%i, %j] : memref<4x16xf32>
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x16xf32>
        %c = affine.load %C[%i, %j] : memref<4x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x16xf32>
      }
    }
  }
  return
}

// Not moved: the weight is read along j in its first index (a gather
// across j), as nn.Linear's out x in weight is.
func.func @linear(%x: memref<4x3xf32>, %W: memref<16x3xf32>, %C: memref<4x16xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 16 {
      affine.for %k = 0 to 3 {
        %a = affine.load %x[%i, %k] : memref<4x3xf32>
        %b = affine.load %W[%j, %k] : memref<16x3xf32>
        %c = affine.load %C[%i, %j] : memref<4x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x16xf32>
      }
    }
  }
  return
}

// Not moved: 4 columns, fewer than one vector of 8.
func.func @narrow(%A: memref<4x3xf32>, %B: memref<3x4xf32>, %C: memref<4x4xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 3 {
        %a = affine.load %A[%i, %k] : memref<4x3xf32>
        %b = affine.load %B[%k, %j] : memref<3x4xf32>
        %c = affine.load %C[%i, %j] : memref<4x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<4x4xf32>
      }
    }
  }
  return
}
