// The address-space limit of the JIT run (docs/reliability.md, "Executed
// code"): an allocation over it fails, and the null pointer the lowered
// code then stores through is named. AddressSanitizer reserves terabytes
// of address space, so its builds set no such limit.
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/Inputs/make_case.py %t/scale scale
// RUN: not solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=large_alloc memory=256MiB})' 2>&1 | FileCheck %s --check-prefix=ALLOC
// The same allocation fits the default limit (1 GiB + 16 x the buffers).
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=large_alloc})' 2>&1 | FileCheck %s --check-prefix=ALLOCOK
// The default limit also holds the buffers the function allocates itself
// (a network verified at full size keeps its activations in them): 2^29
// floats = 2 GiB, over 1 GiB + 16 x 52 bytes of arguments, under that plus
// the 2 GiB it allocates. Before, this run crashed as ALLOC does.
// RUN: solar-opt %s --pass-pipeline='builtin.module(solar-verify{manifest=%t/scale/manifest.json function=larger_alloc})' 2>&1 | FileCheck %s --check-prefix=LARGER
// LARGER: remark: solar-verify: @larger_alloc matches the numpy reference

// 3 x 2^25 floats = 384 MiB from the heap, under a 256 MiB limit: the allocation
// fails, the lowered code stores through the null pointer it got.
// ALLOC: error: solar-verify: @large_alloc: the compiled function crashed with SIGSEGV (invalid memory access) at address 0: a null pointer, as a memref.alloc larger than the memory limit (--verify-memory) leaves
// ALLOCOK: remark: solar-verify: @large_alloc matches the numpy reference
func.func @large_alloc(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %big = memref.alloc() : memref<100663296xf32>
  affine.for %i = 0 to 100663296 {
    affine.store %alpha, %big[%i] : memref<100663296xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %w = affine.load %big[%i * 16777216] : memref<100663296xf32>
    %p = arith.mulf %w, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  memref.dealloc %big : memref<100663296xf32>
  return
}


// Only six of its floats are written (the pages of the others are never
// touched): the address space counts, not the memory used. They are
// written where x's values say (x[i] = i), so that LLVM cannot forward the
// stores to the loads and drop the allocation.
func.func @larger_alloc(%x: memref<6xf32>, %alpha: f32, %out: memref<6xf32>) {
  %big = memref.alloc() : memref<536870912xf32>
  %stride = arith.constant 67108864 : index
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %n = arith.fptosi %v : f32 to i64
    %k = arith.index_cast %n : i64 to index
    %at = arith.muli %k, %stride : index
    memref.store %alpha, %big[%at] : memref<536870912xf32>
  }
  affine.for %i = 0 to 6 {
    %v = affine.load %x[%i] : memref<6xf32>
    %w = affine.load %big[%i * 67108864] : memref<536870912xf32>
    %p = arith.mulf %w, %v : f32
    affine.store %p, %out[%i] : memref<6xf32>
  }
  memref.dealloc %big : memref<536870912xf32>
  return
}
