/* Private pieces shared by the lib/arch_*.c files: the raw key/value list
 * read from YAML, the key table, the per-cycle model before unit
 * conversion, and diagnostic helpers. Not part of the public API. */
#ifndef SOLAR_ARCH_INTERNAL_H
#define SOLAR_ARCH_INTERNAL_H

#include "solar/arch/arch.h"

#include <stdbool.h>
#include <stddef.h>

/* ---- arch_diag.c ---- */

/* Adds an entry located at path:line (line 0: the whole file; path NULL: no
 * file). Severity ERROR also bumps errorCount. */
void archDiagAdd(SolarArchDiag *diag, SolarArchSeverity severity,
                 const char *path, int line, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* ---- arch_yaml.c: libyaml document -> flat list ---- */

typedef enum ArchNodeKind {
  ARCH_NODE_SCALAR,
  ARCH_NODE_SEQUENCE,
  ARCH_NODE_MAPPING,
} ArchNodeKind;

/* One top-level `key: value` pair. */
typedef struct ArchYamlEntry {
  char *key;           /* owned */
  char *value;         /* owned; "" unless valueKind is SCALAR */
  size_t valueLength;  /* bytes of the scalar: a YAML "\0" escape puts a
                          NUL inside, which strlen(value) would hide */
  int line;            /* 1-based line of the key */
  ArchNodeKind valueKind;
  bool valueQuoted;    /* '...' or "..." (a YAML string, not a number) */
  char valueTag[32];   /* an explicit tag such as "!!str", or "" */
} ArchYamlEntry;

typedef struct ArchYamlMapping {
  size_t count;
  ArchYamlEntry *entries; /* owned, in file order */
} ArchYamlMapping;

/* Reads the single YAML document of `path`, whose top level must be a
 * mapping with scalar keys. Syntax errors, a non-mapping top level, an empty
 * file, more than one document, and going over the limits (file size,
 * nesting depth, node count: docs/hardware-format.md) are errors in diag
 * (return false, *out empty). */
bool archYamlRead(const char *path, ArchYamlMapping *out, SolarArchDiag *diag);
void archYamlDestroy(ArchYamlMapping *mapping);

/* ---- arch_keys.c: what a key means ---- */

typedef enum ArchUnit {
  ARCH_UNIT_NAME,            /* a string */
  ARCH_UNIT_GHZ,             /* freq_GHz */
  ARCH_UNIT_BYTES,           /* capacities */
  ARCH_UNIT_BYTES_PER_CYCLE, /* bandwidths */
  ARCH_UNIT_PER_CYCLE,       /* MACs or ops per cycle */
  ARCH_UNIT_COUNT,           /* a whole number (num_SM) */
  ARCH_UNIT_NANOSECONDS,     /* a time; 0 allowed (dependent_launch_gap_ns) */
} ArchUnit;

typedef enum ArchField {
  ARCH_FIELD_NAME,
  ARCH_FIELD_FREQ,
  ARCH_FIELD_DRAM_BANDWIDTH,
  ARCH_FIELD_DRAM_CAPACITY,
  ARCH_FIELD_LEVEL_CAPACITY, /* + level */
  ARCH_FIELD_LEVEL_BANDWIDTH, /* + level */
  ARCH_FIELD_TENSOR_MAC,     /* + dtype */
  ARCH_FIELD_VECTOR_MAC,     /* + dtype */
  ARCH_FIELD_VECTOR_OP,      /* + dtype */
  ARCH_FIELD_DIV_OP,
  ARCH_FIELD_SFU_OP,
  ARCH_FIELD_NUM_SM,
  ARCH_FIELD_LAUNCH_GAP,
  ARCH_FIELD_SHARED_PIPE,    /* + dtype; a unit list, not a number */
} ArchField;

typedef struct ArchKeyInfo {
  ArchField field;
  ArchUnit unit;
  SolarMemKind level; /* LEVEL_* fields */
  SolarDtype dtype;   /* *_MAC / VECTOR_OP fields */
  const char *canonicalKey; /* static spelling, e.g. "MAC_per_cycle_bf16_tc" */
} ArchKeyInfo;

typedef enum ArchKeyStatus {
  ARCH_KEY_KNOWN,
  ARCH_KEY_UNKNOWN, /* not ours: ignored (remark in strict mode) */
  ARCH_KEY_BAD,     /* looks like ours but is wrong: `why` says how */
} ArchKeyStatus;

ArchKeyStatus archKeyClassify(const char *key, ArchKeyInfo *info, char *why,
                              size_t whySize);

/* ---- arch_validate.c: per-cycle values, units and plausibility ---- */

typedef struct ArchRawValue {
  bool seen;       /* the key is in the file (its value may be bad) */
  bool present;    /* ... and its value is a valid number */
  bool converted;  /* was bytes/s, now bytes/cycle */
  double value;    /* in the unit of the key after conversion */
  int line;
  const char *key; /* canonical key */
  ArchUnit unit;
  char text[48];   /* the value as written, for messages */
} ArchRawValue;

/* The file's contents in its own units (GHz, per cycle, bytes). */
enum { ARCH_RAW_SLOTS = 3 + 2 * SOLAR_MEM_KIND_COUNT + 3 * SOLAR_DTYPE_COUNT + 4 };

typedef struct ArchRawModel {
  char *name; /* owned, NULL when absent */
  int nameLine;
  ArchRawValue freqGHz;
  ArchRawValue dramBytesPerCycle;
  ArchRawValue dramCapacity;
  ArchRawValue levelCapacity[SOLAR_MEM_KIND_COUNT];
  ArchRawValue levelBytesPerCycle[SOLAR_MEM_KIND_COUNT];
  ArchRawValue tensorMac[SOLAR_DTYPE_COUNT];
  ArchRawValue vectorMac[SOLAR_DTYPE_COUNT];
  ArchRawValue vectorOp[SOLAR_DTYPE_COUNT];
  ArchRawValue divOp;
  ArchRawValue sfuOp;
  ArchRawValue numSm;
  ArchRawValue launchGapNs;
  /* shared_pipe_<dtype> (arch_pipes.c); pipeLine 0: not declared. */
  unsigned char sharedWith[SOLAR_DTYPE_COUNT][SOLAR_UNIT_COUNT];
  int pipeLine[SOLAR_DTYPE_COUNT];
  /* The slots above in the order the file gives them, so that later checks
   * report in file order. */
  size_t readCount;
  ArchRawValue *readOrder[ARCH_RAW_SLOTS];
} ArchRawModel;

/* Fills raw from the YAML entries: classifies keys, parses numbers, rejects
 * duplicates, then checks units against magnitudes (converting bytes/s to
 * bytes/cycle unless strict) and required keys. Returns false if any error
 * was added. raw is filled as far as possible either way; the caller
 * destroys it. */
bool archValidate(const char *path, const ArchYamlMapping *yaml, bool strict,
                  ArchRawModel *raw, SolarArchDiag *diag);
void archRawDestroy(ArchRawModel *raw);

/* ---- arch_pipes.c: units sharing a pipe ---- */

/* Reads shared_pipe_<dtype> into raw->sharedWith[dtype]; false with an error on a
 * malformed value or a repeated key. */
bool archReadSharedPipe(const char *path, const ArchYamlEntry *entry,
                        SolarDtype dtype, ArchRawModel *raw,
                        SolarArchDiag *diag);

/* ---- arch_derive.c: per-cycle -> per-second, and the defaults ---- */

/* Builds the SI model from a validated raw model. Takes no ownership. */
void archDerive(const ArchRawModel *raw, const char *path, SolarArch *out);

#endif
