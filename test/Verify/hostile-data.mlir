// Hostile reference data (issue 18) gets a clean error naming the file and
// the limit, before anything is allocated for what the file claims, and
// never blocks. Each case replaces A.npy of a well-formed case.
// RUN: rm -rf %t && mkdir -p %t
//
// A 129-byte file claiming shape (1048576, 1048576) of f32 (2^40 * 4 =
// 4398046511104 bytes, 4 TiB) used to be malloc'ed and abort(); its header
// is 118 bytes after the 10-byte prefix, so 1 data byte is there.
// RUN: %python %S/Inputs/hostile_case.py %t/huge huge-shape
// RUN: not solar-opt %s --solar-verify=%t/huge/manifest.json 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: error: solar-verify: input 'A': {{.*}}huge/A.npy: truncated .npy data: shape needs 4398046511104 bytes, file has 1
//
// A NUL inside 'descr' ('<f4\0junk') used to read as '<f4'.
// RUN: %python %S/Inputs/hostile_case.py %t/nul nul-descr
// RUN: not solar-opt %s --solar-verify=%t/nul/manifest.json 2>&1 | FileCheck %s --check-prefix=NUL
// NUL: error: solar-verify: input 'A': {{.*}}nul/A.npy: malformed .npy header: control character 0x00 in a string
//
// Limits: 64 dimensions (numpy's own), a header of at most 1 MiB.
// RUN: %python %S/Inputs/hostile_case.py %t/rank deep-rank
// RUN: not solar-opt %s --solar-verify=%t/rank/manifest.json 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: error: solar-verify: input 'A': {{.*}}rank/A.npy: malformed .npy header: 'shape' has more than 64 dimensions
// RUN: %python %S/Inputs/hostile_case.py %t/header big-header
// RUN: not solar-opt %s --solar-verify=%t/header/manifest.json 2>&1 | FileCheck %s --check-prefix=HEADER
// HEADER: error: solar-verify: input 'A': {{.*}}header/A.npy: the .npy header claims 16777216 bytes, more than the limit of 1048576
//
// A FIFO nobody writes used to block the read forever; it is refused before
// it is opened (`timeout` only turns the old hang into a failure).
// RUN: %python %S/Inputs/hostile_case.py %t/fifo fifo
// RUN: not timeout 120 solar-opt %s --solar-verify=%t/fifo/manifest.json 2>&1 | FileCheck %s --check-prefix=FIFO
// FIFO: error: solar-verify: input 'A': {{.*}}fifo/A.npy: not a regular file (a FIFO)
// The same for a manifest that is a FIFO or a directory.
// RUN: mkfifo %t/manifest.fifo
// RUN: not timeout 120 solar-opt %s --solar-verify=%t/manifest.fifo 2>&1 | FileCheck %s --check-prefix=MFIFO
// MFIFO: error: solar-verify: manifest {{.*}}manifest.fifo: not a regular file (a FIFO)
// RUN: not solar-opt %s --solar-verify=%t 2>&1 | FileCheck %s --check-prefix=MDIR
// MDIR: error: solar-verify: manifest {{.*}}: not a regular file (a directory)
//
// timing.median_s that is negative or not a number is an error, not
// silently dropped; 0.5 is accepted (the run goes on to compare: the empty
// body leaves C unset).
// RUN: %python %S/Inputs/hostile_case.py %t/negative median -1
// RUN: not solar-opt %s --solar-verify=%t/negative/manifest.json 2>&1 | FileCheck %s --check-prefix=MEDIAN
// RUN: %python %S/Inputs/hostile_case.py %t/string median '"fast"'
// RUN: not solar-opt %s --solar-verify=%t/string/manifest.json 2>&1 | FileCheck %s --check-prefix=MEDIAN
// MEDIAN: error: solar-verify: {{.*}}manifest.json: 'timing.median_s' must be a number of seconds in [0, 1e9]
// RUN: %python %S/Inputs/hostile_case.py %t/valid median 0.5
// RUN: not solar-opt %s --solar-verify=%t/valid/manifest.json 2>&1 | FileCheck %s --check-prefix=VALID
// VALID: error: solar-verify: @matmul does not match the unknown reference: output 'C'
//
// At most 100000 arguments. 99999 inputs and an output, all distinct, are read in well
// under a CPU second; comparing every pair of names (5e9 string
// comparisons) took about 16 CPU seconds, so the 8-second CPU limit
// (prlimit counts CPU time, not wall time: machine load does not matter)
// only fails a quadratic reader. The manifest then disagrees with @matmul.
// RUN: %python %S/Inputs/hostile_case.py %t/many many-args 99999
// RUN: not prlimit --cpu=8 solar-opt %s --solar-verify=%t/many/manifest.json 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: error: solar-verify: {{.*}}the manifest has 99999 input/parameter(s) and 1 output(s)
// RUN: %python %S/Inputs/hostile_case.py %t/toomany many-args 99999
// RUN: %python -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['arguments'].insert(0, dict(d['arguments'][0], name='extra')); json.dump(d, open(p, 'w'))" %t/toomany/manifest.json
// RUN: not solar-opt %s --solar-verify=%t/toomany/manifest.json 2>&1 | FileCheck %s --check-prefix=TOOMANY
// TOOMANY: error: solar-verify: {{.*}}manifest.json: 'arguments' has 100001 entries, more than the limit of 100000
// UNSUPPORTED: valgrind
func.func @matmul(%A: memref<4x3xf32>, %B: memref<3x5xf32>, %C: memref<4x5xf32>) {
  return
}
