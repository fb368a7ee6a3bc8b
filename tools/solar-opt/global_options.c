/* solar-opt's flags that set an option for every solar pass
 * (global_options.h). */
#include "global_options.h"

#include <string.h>

static const GlobalOption globalOptions[] = {
    {"solar-arch", "arch", true,
     "Hardware description: a name under arch/ or a path to a YAML file"},
    {"solar-dtype", "dtype", true,
     "Compute dtype: fp32|tf32|bf16|fp16|fp8|int8 (default: from the IR)"},
    {"solar-fp32-math", "fp32-math", true,
     "fp32 contractions: ieee (CUDA cores, default; the TF32 figure is "
     "shown beside) | tf32 (TF32 tensor cores) | conv=M,matmul=M,"
     "attention=M"},
    {"solar-capacity", "capacity", true,
     "On-chip capacity for fusion and tiling (bytes, or e.g. 50MiB; "
     "default: the arch's L2)"},
    {"solar-detail", "detail", false,
     "Add per-node and per-group detail to solar.sol"},
    {"solar-strict", "strict", false,
     "Turn analysis warnings (non-affine code, unsupported ops) into errors"},
    {"solar-at", "at", true,
     "solar-report: evaluate symbolic figures at these sizes "
     "('batch=8 hidden=16')"},
    {"solar-rtol", "rtol", true,
     "Relative tolerance of solar-verify (default: by dtype)"},
    {"solar-atol", "atol", true,
     "Absolute tolerance of solar-verify (default: by dtype)"},
    {"solar-verify-timeout", "timeout", true,
     "CPU seconds solar-verify's run of the IR may take (default 120)"},
    {"solar-verify-memory", "memory", true,
     "Address space solar-verify's run of the IR may add (e.g. 4GiB; "
     "default 1GiB + 16 x the reference's buffers)"},
};

size_t globalOptionCount(void) {
  return sizeof(globalOptions) / sizeof(globalOptions[0]);
}

const GlobalOption *globalOptionAt(size_t index) {
  return index < globalOptionCount() ? &globalOptions[index] : NULL;
}

const GlobalOption *globalOptionLookup(const char *flag) {
  for (size_t i = 0; i < globalOptionCount(); ++i)
    if (strcmp(globalOptions[i].flag, flag) == 0)
      return &globalOptions[i];
  return NULL;
}
