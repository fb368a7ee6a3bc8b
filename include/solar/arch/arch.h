/* The hardware model: what one chip can do per second, read from a YAML
 * hardware file (docs/hardware-format.md describes the format).
 *
 * Every rate is in SI units per second: the file states per-cycle values and
 * a clock (`freq_GHz`); the loader multiplies them out, so users of SolarArch
 * never see cycles. Every quantity records where it came from: the file, the
 * file in another unit (converted, with a warning), or a documented default.
 *
 * Defaults are the most OPTIMISTIC value derivable from the keys that are
 * present (infinite capacity or bandwidth, the fastest stated compute path),
 * because a speed-of-light time must stay a lower bound: an optimistic rate
 * can only lower the bound, never make it exceed the real time.
 *
 * The library never prints and never exits: problems are collected in a
 * SolarArchDiag with file, key and line, for the caller to report. */
#ifndef SOLAR_ARCH_H
#define SOLAR_ARCH_H

#include "solar/support/dtype.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Diagnostics ------------------------------------------------------ */

typedef enum SolarArchSeverity {
  SOLAR_ARCH_ERROR,
  SOLAR_ARCH_WARNING,
  SOLAR_ARCH_REMARK,
} SolarArchSeverity;

enum {
  SOLAR_ARCH_DIAG_MAX = 32,
  SOLAR_ARCH_DIAG_TEXT = 640,
};

typedef struct SolarArchDiagEntry {
  SolarArchSeverity severity;
  /* "<file>:<line>" or "<file>" (no line for file-wide problems such as a
   * missing key), or "" when no file is involved (name not found). */
  char where[SOLAR_ARCH_DIAG_TEXT];
  /* The message without location or severity, e.g.
   * "key 'freq_GHz' = 1800 is not in GHz (MHz or Hz given?)". */
  char message[SOLAR_ARCH_DIAG_TEXT];
} SolarArchDiagEntry;

/* A fixed-size collector: no allocation, nothing to destroy. Entries beyond
 * SOLAR_ARCH_DIAG_MAX are counted in `dropped` but not stored. */
typedef struct SolarArchDiag {
  size_t count;
  size_t dropped;
  size_t errorCount; /* including dropped errors */
  SolarArchDiagEntry entries[SOLAR_ARCH_DIAG_MAX];
} SolarArchDiag;

void solarArchDiagInit(SolarArchDiag *diag);

/* Formats entry i as "<where>: <severity>: <message>" (or
 * "<severity>: <message>" without a location), e.g.
 * "arch/X.yaml:7: error: key 'freq_GHz' ...". Returns buf. */
char *solarArchDiagFormat(const SolarArchDiag *diag, size_t index, char *buf,
                          size_t bufSize);

/* "error" / "warning" / "remark". */
const char *solarArchSeverityName(SolarArchSeverity severity);

/* ---- The hardware model ----------------------------------------------- */

typedef enum SolarArchOrigin {
  SOLAR_ARCH_FROM_FILE,      /* stated in the file in the expected unit */
  SOLAR_ARCH_FROM_CONVERTED, /* stated in bytes/s where bytes/cycle was
                                expected; converted with a warning */
  SOLAR_ARCH_FROM_DEFAULT,   /* absent: the documented default */
} SolarArchOrigin;

/* "file" / "converted" / "default". */
const char *solarArchOriginName(SolarArchOrigin origin);

/* One number of the model and its provenance. */
typedef struct SolarArchValue {
  double value;           /* SI units; may be INFINITY (see each field) */
  SolarArchOrigin origin;
  int line;               /* 1-based line of the key; 0 when defaulted */
  const char *key;        /* the file key it came from (static string), or
                             NULL when defaulted */
} SolarArchValue;

/* On-chip memory levels, innermost first. SOLAR's `SRAM_*` keys describe the
 * L2 (the last level before DRAM); L1 and REGISTER come from extension keys. */
typedef enum SolarMemKind {
  SOLAR_MEM_REGISTER = 0,
  SOLAR_MEM_L1, /* unified L1 / shared memory */
  SOLAR_MEM_L2, /* SOLAR's SRAM */
  SOLAR_MEM_KIND_COUNT
} SolarMemKind;

/* "register" / "L1" / "L2". */
const char *solarMemKindName(SolarMemKind kind);

/* A memory level's totals over the whole chip (all SMs together). Missing
 * values default to INFINITY: unlimited capacity or bandwidth is the
 * optimistic assumption. */
typedef struct SolarMemLevel {
  SolarMemKind kind;
  SolarArchValue capacity_bytes;
  SolarArchValue bytes_per_s;
} SolarMemLevel;

/* The compute units the SOL model charges work to (the SOL stage maps op
 * classes to them, lib/sol/sol_time.c). */
typedef enum SolarUnit {
  SOLAR_UNIT_NONE,
  SOLAR_UNIT_TENSOR,     /* tensor-core MACs */
  SOLAR_UNIT_VECTOR_FMA, /* CUDA-core (SM vector) MACs */
  SOLAR_UNIT_VECTOR_ALU, /* other elementwise ops */
  SOLAR_UNIT_DIV,        /* divisions */
  SOLAR_UNIT_SFU,        /* transcendentals */
  SOLAR_UNIT_COUNT
} SolarUnit;

/* The pipes of `dtype` that more than one unit shares, as the file writes
 * them ("fma+alu", groups separated by ", "); "" when none. */
struct SolarArch;
void solarArchFormatPipes(const struct SolarArch *arch, SolarDtype dtype,
                          char *buf, size_t size);

/* The pipe of `unit` for work in `dtype`, named by its first unit: units
 * with the same pipe add their times up. */
SolarUnit solarArchPipeOf(const struct SolarArch *arch, SolarDtype dtype,
                          SolarUnit unit);

/* "none", "tensor", "fma", "alu", "div", "sfu". */
const char *solarUnitName(SolarUnit unit);
/* The unit spelled name[0..length), or SOLAR_UNIT_COUNT when it is none. */
SolarUnit solarUnitFromName(const char *name, size_t length);

typedef struct SolarArch {
  char *name;        /* owned; the `name:` key, else the file stem */
  char *source_path; /* owned; the file the model was read from */

  SolarArchValue freq_hz; /* required (freq_GHz) */

  SolarArchValue dram_bytes_per_s;    /* required (DRAM_byte_per_cycle) */
  SolarArchValue dram_capacity_bytes; /* default INFINITY */

  /* Ordered innermost first. The L2 level is always present (defaults to
   * INFINITY capacity and bandwidth when the file has no SRAM_* keys); the
   * L1 and register levels are present only when the file has one of their
   * keys. Use solarArchFindLevel to look one up by kind. */
  size_t num_levels;
  SolarMemLevel levels[SOLAR_MEM_KIND_COUNT];

  /* Dense (non-sparse) tensor-core multiply-accumulates per second, by input
   * dtype. 0 (origin DEFAULT) = no tensor-core path for that dtype. */
  SolarArchValue tensor_mac_per_s[SOLAR_DTYPE_COUNT];

  /* SM (CUDA-core) fused multiply-adds per second. Never 0: a missing dtype
   * defaults to the tensor rate of that dtype when there is one, else to the
   * fastest MAC rate stated anywhere in the file (optimistic); TF32 defaults
   * to the FP32 rate (TF32 data is fp32 in registers). */
  SolarArchValue vector_mac_per_s[SOLAR_DTYPE_COUNT];

  /* SM non-FMA elementwise ops per second (add, mul, compare, select,
   * min/max, conversions). Default: vector_mac_per_s of the same dtype (an
   * FMA lane retires one op per cycle); TF32: the FP32 op rate. */
  SolarArchValue vector_op_per_s[SOLAR_DTYPE_COUNT];

  /* Floating-point divisions (arith.divf / remf) per second. Default:
   * vector_op_per_s[FP32]. A division by a power-of-two constant compiles to
   * a multiply; count it as a vector op, not here. */
  SolarArchValue div_op_per_s;

  /* Transcendental evaluations (exp, log, tanh, erf, rsqrt, sqrt, sin, ...)
   * per second, 32-bit elements. Default: vector_op_per_s[FP32]. */
  SolarArchValue sfu_op_per_s;

  /* Number of SMs; value 0 (origin DEFAULT) when the file does not say. */
  SolarArchValue num_sm;

  /* The dependent-launch gap (dependent_launch_gap_ns, in seconds here):
   * the least time from the end of one kernel to the start of a kernel
   * that waits for it on the device, as an eager framework launches them
   * (one stream, each kernel after the previous one). Default 0, which
   * keeps every figure a lower bound: the unfused fidelity adds it once
   * per kernel after the first (docs/sol-model.md, "Launch gaps"). */
  SolarArchValue launch_gap_s;

  /* Which units issue through one pipe, per dtype of the work
   * (shared_pipe_<dtype>, docs/hardware-format.md): read with
   * solarArchPipeOf. sharedWith[d][u] is the first unit of u's shared pipe,
   * 0 when u has a pipe of its own (the default, so a zeroed SolarArch has
   * no shared pipes). pipeLine[d]: the key's line, 0 when not declared. */
  unsigned char sharedWith[SOLAR_DTYPE_COUNT][SOLAR_UNIT_COUNT];
  int pipeLine[SOLAR_DTYPE_COUNT];
} SolarArch;

typedef struct SolarArchLoadOptions {
  /* Unit guesses (bytes/s given for bytes/cycle) become errors instead of
   * warnings; unknown keys get a remark. */
  bool strict;
} SolarArchLoadOptions;

/* Reads one hardware file. On success fills *out (caller calls
 * solarArchDestroy) and returns true; warnings may still be in diag. On
 * failure returns false with at least one error in diag and leaves *out
 * empty (solarArchDestroy on it is harmless). options may be NULL. */
bool solarArchLoadFile(const char *path, const SolarArchLoadOptions *options,
                       SolarArch *out, SolarArchDiag *diag);

/* Resolves nameOrPath and loads it. A value containing '/' or ending in
 * .yaml/.yml is a path. Anything else is a name, looked up in the
 * directories of the colon-separated SOLAR_ARCH_PATH environment variable,
 * then in SOLAR_SOURCE_DIR "/arch": the first directory holding a
 * .yaml or .yml file whose stem equals the name (case-insensitively) wins; if
 * no stem matches anywhere, a file whose `name:` key matches is taken. */
bool solarArchResolve(const char *nameOrPath,
                      const SolarArchLoadOptions *options, SolarArch *out,
                      SolarArchDiag *diag);

/* Frees the strings and resets *arch to all zeros. */
void solarArchDestroy(SolarArch *arch);

/* The level of that kind, or NULL when the file does not describe it. */
const SolarMemLevel *solarArchFindLevel(const SolarArch *arch,
                                        SolarMemKind kind);

/* ---- Listing every hardware file ---------------------------------------- */

typedef struct SolarArchListEntry {
  char *name; /* owned; file stem */
  char *path; /* owned */
} SolarArchListEntry;

typedef struct SolarArchList {
  size_t count;
  SolarArchListEntry *entries; /* owned */
} SolarArchList;

/* Every hardware file in the search path (SOLAR_ARCH_PATH, then the built-in
 * directory), in search order and sorted by name within a directory. A stem
 * already seen in an earlier directory is shadowed and left out, so each
 * entry is exactly what solarArchResolve(entry.name) would load. Unreadable
 * directories are skipped. Caller calls solarArchListDestroy. */
void solarArchListAll(SolarArchList *out);
void solarArchListDestroy(SolarArchList *list);

/* The compiled-in directory of shipped hardware files. */
const char *solarArchBuiltinDir(void);

#ifdef __cplusplus
}
#endif

#endif
