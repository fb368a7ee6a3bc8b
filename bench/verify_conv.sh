#!/usr/bin/env bash
# Speed of the verification JIT on a ResNet-style 3x3 convolution, 64 -> 64
# channels at 56x56 (batch 1, padding 1, bias): 231 Mflop (BATCH=N and
# HW=N change the batch and the image side: BATCH=2 HW=224 is VGG-16's
# second convolution, 7.4 Gflop, where the run outweighs the compilation),
# the affine form
# the importer gives a conv2d (zero-padded copy, bias broadcast, then a
# 7-deep nest accumulating into the output), verified against PyTorch.
# Prints the CPU seconds of `solar-opt --solar-verify` (lowering, JIT
# compilation and the run, in its forked child, together: the best of
# RUNS) and the flop/s that makes; given a second build directory (e.g.
# one built at an older commit), runs both and prints the ratio.
#   bench/verify_conv.sh [BUILD_DIR] [BASE_BUILD_DIR]  (RUNS=3 BATCH=1 HW=56)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
base="${2:-}"
runs="${RUNS:-3}"
n="${BATCH:-1}"
hw="${HW:-56}"
padded=$((hw + 2))
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat > "$work/conv.py" <<PY
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(64, 64, 3, padding=1)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn($n, 64, $hw, $hw)]
PY

cat > "$work/conv.mlir" <<MLIR
func.func @forward(%x: memref<${n}x64x${hw}x${hw}xf32>, %w: memref<64x64x3x3xf32>, %b: memref<64xf32>, %out: memref<${n}x64x${hw}x${hw}xf32>) {
  %zero = arith.constant 0.0 : f32
  %padded = memref.alloc() : memref<${n}x64x${padded}x${padded}xf32>
  affine.for %n = 0 to $n {
    affine.for %c = 0 to 64 {
      affine.for %h = 0 to $padded {
        affine.for %v = 0 to $padded {
          affine.store %zero, %padded[%n, %c, %h, %v] : memref<${n}x64x${padded}x${padded}xf32>
        }
      }
    }
  }
  affine.for %n = 0 to $n {
    affine.for %c = 0 to 64 {
      affine.for %h = 0 to $hw {
        affine.for %v = 0 to $hw {
          %e = affine.load %x[%n, %c, %h, %v] : memref<${n}x64x${hw}x${hw}xf32>
          affine.store %e, %padded[%n, %c, %h + 1, %v + 1] : memref<${n}x64x${padded}x${padded}xf32>
        }
      }
    }
  }
  affine.for %n = 0 to $n {
    affine.for %f = 0 to 64 {
      affine.for %h = 0 to $hw {
        affine.for %v = 0 to $hw {
          %e = affine.load %b[%f] : memref<64xf32>
          affine.store %e, %out[%n, %f, %h, %v] : memref<${n}x64x${hw}x${hw}xf32>
        }
      }
    }
  }
  affine.for %n = 0 to $n {
    affine.for %f = 0 to 64 {
      affine.for %h = 0 to $hw {
        affine.for %v = 0 to $hw {
          affine.for %c = 0 to 64 {
            affine.for %kh = 0 to 3 {
              affine.for %kw = 0 to 3 {
                %p = affine.load %padded[%n, %c, %h + %kh, %v + %kw] : memref<${n}x64x${padded}x${padded}xf32>
                %q = affine.load %w[%f, %c, %kh, %kw] : memref<64x64x3x3xf32>
                %o = affine.load %out[%n, %f, %h, %v] : memref<${n}x64x${hw}x${hw}xf32>
                %m = arith.mulf %p, %q : f32
                %s = arith.addf %o, %m : f32
                affine.store %s, %out[%n, %f, %h, %v] : memref<${n}x64x${hw}x${hw}xf32>
              }
            }
          }
        }
      }
    }
  }
  memref.dealloc %padded : memref<${n}x64x${padded}x${padded}xf32>
  return
}
MLIR

python3 tools/python/solar_reference.py "$work/conv.py" --framework torch \
  --device cpu --runs 1 --warmup 0 -o "$work/ref" > /dev/null
flop=$((2 * n * 64 * 64 * 9 * hw * hw))

# Best user + system CPU seconds of RUNS verifications with build dir $1.
best_cpu() {
  local opt="$1/bin/solar-opt" best="" cpu
  [ -x "$opt" ] || { echo "bench: $opt missing; build first" >&2; exit 1; }
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%U %S" -o "$work/time" "$opt" "$work/conv.mlir" \
      --solar-verify="$work/ref/manifest.json" -o /dev/null 2> "$work/verify.err" ||
      { cat "$work/verify.err" >&2; exit 1; }
    grep -q 'remark: solar-verify: @forward matches' "$work/verify.err" ||
      { cat "$work/verify.err" >&2; exit 1; }
    cpu=$(awk '{print $1 + $2}' "$work/time")
    best=$(python3 -c "print(min(float('$cpu'), float('${best:-inf}')))")
  done
  echo "$best"
}

report() {
  python3 -c "print(f'verify_conv: $1: {$2:.2f} CPU s, {$flop / $2 / 1e9:.3f} GFLOP/s ($flop flop)')"
}

now=$(best_cpu "$build")
report "$build" "$now"
if [ -n "$base" ]; then
  before=$(best_cpu "$base")
  report "$base" "$before"
  python3 -c "print(f'verify_conv: speed ratio {$before / $now:.2f}x ($build against $base)')"
fi
