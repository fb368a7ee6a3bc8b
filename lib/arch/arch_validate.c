/* From YAML pairs to a per-cycle raw model: numbers are parsed, and their
 * magnitudes checked against their units, because the common mistakes in
 * hardware files are unit mistakes (MHz for GHz, bytes/s for bytes/cycle,
 * MB for bytes, FLOPS for MAC/cycle) and they show by magnitude. */
#include "arch_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Plausibility limits; docs/hardware-format.md explains each. */
static const double kMaxFreqGHz = 100.0;      /* above: MHz or Hz given */
static const double kMinFreqGHz = 0.001;      /* below: not a clock in GHz */
static const double kMaxBytesPerCycle = 1e7;  /* above: bytes/s given */
static const double kMinConvertedBytesPerCycle = 1.0;
static const double kMinCapacityBytes = 4096; /* below: MB or GB given */
static const double kMaxCapacityBytes = 1125899906842624.0; /* 2^50: bits? */
static const double kMaxPerCycle = 1e9;       /* above: per second given */
/* Below these a rate is no hardware's (the slowest divider of a scalar core
 * does one op in tens of cycles): a value this small is a unit mistake, and
 * taken as it is it makes times of 1e295 s or infinite. */
static const double kMinPerCycle = 0.01;
static const double kMinBytesPerCycle = 0.01;
static const double kMaxCount = 1e6;
/* A gap between two kernels above a millisecond is no launch path's (a
 * launch takes microseconds): microseconds or cycles given as ns would
 * still be below it, but a value in ps or an unconverted per-second figure
 * is not. */
static const double kMaxGapNs = 1e6;

static ArchRawValue *slotFor(ArchRawModel *raw, const ArchKeyInfo *info) {
  switch (info->field) {
  case ARCH_FIELD_FREQ:
    return &raw->freqGHz;
  case ARCH_FIELD_DRAM_BANDWIDTH:
    return &raw->dramBytesPerCycle;
  case ARCH_FIELD_DRAM_CAPACITY:
    return &raw->dramCapacity;
  case ARCH_FIELD_LEVEL_CAPACITY:
    return &raw->levelCapacity[info->level];
  case ARCH_FIELD_LEVEL_BANDWIDTH:
    return &raw->levelBytesPerCycle[info->level];
  case ARCH_FIELD_TENSOR_MAC:
    return &raw->tensorMac[info->dtype];
  case ARCH_FIELD_VECTOR_MAC:
    return &raw->vectorMac[info->dtype];
  case ARCH_FIELD_VECTOR_OP:
    return &raw->vectorOp[info->dtype];
  case ARCH_FIELD_DIV_OP:
    return &raw->divOp;
  case ARCH_FIELD_SFU_OP:
    return &raw->sfuOp;
  case ARCH_FIELD_NUM_SM:
    return &raw->numSm;
  case ARCH_FIELD_LAUNCH_GAP:
    return &raw->launchGapNs;
  case ARCH_FIELD_NAME:
  case ARCH_FIELD_SHARED_PIPE:
    break;
  }
  return NULL;
}

static const char *kindName(ArchNodeKind kind) {
  return kind == ARCH_NODE_SEQUENCE ? "a sequence" : "a mapping";
}

static bool isNullScalar(const char *text) {
  return !*text || !strcmp(text, "~") || !strcmp(text, "null") ||
         !strcmp(text, "Null") || !strcmp(text, "NULL");
}

/* YAML 1.2's decimal float/int spelling: [+-] digits [. digits] [e [+-]
 * digits], or [+-] . digits ... . strtod also reads hex floats ("0x1p3"),
 * which no hardware file means to write. */
static bool isDecimalNumber(const char *text) {
  const char *p = text;
  if (*p == '+' || *p == '-')
    p++;
  size_t digits = 0;
  while (*p >= '0' && *p <= '9')
    p++, digits++;
  if (*p == '.') {
    p++;
    while (*p >= '0' && *p <= '9')
      p++, digits++;
  }
  if (!digits)
    return false;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-')
      p++;
    if (!(*p >= '0' && *p <= '9'))
      return false;
    while (*p >= '0' && *p <= '9')
      p++;
  }
  return *p == '\0';
}

/* Parses a positive finite number (zero too when allowZero: a time that
 * defaults to 0); reports and returns false otherwise. */
static bool parseNumber(const char *path, const ArchYamlEntry *entry,
                        bool allowZero, double *out, SolarArchDiag *diag) {
  if (entry->valueKind != ARCH_NODE_SCALAR) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a number, found %s", entry->key,
                kindName(entry->valueKind));
    return false;
  }
  if (entry->valueQuoted) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a number, found the string \"%s\" (remove "
                "the quotes)",
                entry->key, entry->value);
    return false;
  }
  if (entry->valueTag[0]) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a plain number, found one tagged '%s' "
                "(remove the tag)",
                entry->key, entry->valueTag);
    return false;
  }
  if (isNullScalar(entry->value)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' has no value", entry->key);
    return false;
  }
  char *end = NULL;
  double value = strtod(entry->value, &end);
  if (end == entry->value || *end) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a number, found '%s'", entry->key,
                entry->value);
    return false;
  }
  if (!isfinite(value)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a finite number, found '%s'", entry->key,
                entry->value);
    return false;
  }
  if (!isDecimalNumber(entry->value)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be a decimal number such as 1830 or 1.83e9, "
                "found '%s'",
                entry->key, entry->value);
    return false;
  }
  if (value < 0 || (value == 0 && !allowZero)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must be %s, found %s", entry->key,
                allowZero ? "zero or positive" : "positive", entry->value);
    return false;
  }
  *out = value;
  return true;
}

static bool readName(const char *path, const ArchYamlEntry *entry,
                     ArchRawModel *raw, SolarArchDiag *diag) {
  if (entry->valueKind != ARCH_NODE_SCALAR || isNullScalar(entry->value)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key 'name' must be a non-empty string%s%s",
                entry->valueKind != ARCH_NODE_SCALAR ? ", found " : "",
                entry->valueKind != ARCH_NODE_SCALAR
                    ? kindName(entry->valueKind)
                    : "");
    return false;
  }
  if (raw->name) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key 'name' given twice (first on line %d)", raw->nameLine);
    return false;
  }
  /* The name goes into every report, table, CSV and terminal line: one
   * line of printable text (UTF-8 letters allowed), at most 128 bytes. */
  for (size_t i = 0; i < entry->valueLength; ++i) {
    unsigned char c = (unsigned char)entry->value[i];
    if (c < 0x20 || c == 0x7f || entry->valueLength > 128) {
      archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                  "key 'name' must be one line of printable text of at "
                  "most 128 bytes (found %s)",
                  entry->valueLength > 128 ? "a longer one"
                  : c == 0             ? "a NUL byte"
                  : c == '\n'          ? "a newline"
                                       : "a control character");
      return false;
    }
  }
  raw->name = strdup(entry->value);
  raw->nameLine = entry->line;
  return true;
}

static bool readEntry(const char *path, const ArchYamlEntry *entry,
                      bool strict, ArchRawModel *raw, SolarArchDiag *diag) {
  ArchKeyInfo info;
  char why[SOLAR_ARCH_DIAG_TEXT];
  switch (archKeyClassify(entry->key, &info, why, sizeof(why))) {
  case ARCH_KEY_UNKNOWN:
    if (strict)
      archDiagAdd(diag, SOLAR_ARCH_REMARK, path, entry->line,
                  "unknown key '%s' ignored", entry->key);
    return true;
  case ARCH_KEY_BAD:
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line, "%s", why);
    return false;
  case ARCH_KEY_KNOWN:
    break;
  }
  if (info.field == ARCH_FIELD_NAME)
    return readName(path, entry, raw, diag);
  if (info.field == ARCH_FIELD_SHARED_PIPE)
    return archReadSharedPipe(path, entry, info.dtype, raw, diag);
  ArchRawValue *slot = slotFor(raw, &info);
  if (slot->seen) {
    if (strcmp(entry->key, slot->key) == 0)
      archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                  "key '%s' given twice (first on line %d)", entry->key,
                  slot->line);
    else
      archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                  "key '%s' sets the same value as '%s' on line %d; give "
                  "one",
                  entry->key, slot->key, slot->line);
    return false;
  }
  slot->seen = true;
  raw->readOrder[raw->readCount++] = slot;
  slot->line = entry->line;
  slot->key = info.canonicalKey;
  double value;
  if (!parseNumber(path, entry, info.unit == ARCH_UNIT_NANOSECONDS, &value,
                   diag))
    return false;
  slot->present = true;
  slot->value = value;
  slot->line = entry->line;
  slot->key = info.canonicalKey;
  slot->unit = info.unit;
  snprintf(slot->text, sizeof(slot->text), "%s", entry->value);
  return true;
}

/* ---- magnitude checks, once every value (and the clock) is known ---- */

typedef struct {
  const char *path;
  bool strict;
  const ArchRawValue *freq; /* NULL when missing or invalid */
  SolarArchDiag *diag;
} UnitCheck;

/* Reports slot's value as out of range: "key 'K' = V " and then `why`,
 * a format with its arguments. Returns false, what the check returns. */
__attribute__((format(printf, 3, 4))) static bool
slotError(const UnitCheck *check, const ArchRawValue *slot, const char *why,
          ...) {
  char reason[SOLAR_ARCH_DIAG_TEXT];
  va_list args;
  va_start(args, why);
  vsnprintf(reason, sizeof(reason), why, args);
  va_end(args);
  archDiagAdd(check->diag, SOLAR_ARCH_ERROR, check->path, slot->line,
              "key '%s' = %s %s", slot->key, slot->text, reason);
  return false;
}

static bool checkBytesPerCycle(const UnitCheck *check, ArchRawValue *slot) {
  if (slot->value < kMinBytesPerCycle)
    return slotError(
        check, slot,
        "is below %g bytes per cycle; give bytes per "
        "clock cycle (bytes/s divided by the clock in Hz), not TB/s "
        "or bytes per nanosecond",
        kMinBytesPerCycle);
  if (slot->value <= kMaxBytesPerCycle)
    return true;
  if (!check->freq)
    return slotError(check, slot, "is too large for bytes per cycle (limit %g)",
                     kMaxBytesPerCycle);
  double hz = check->freq->value * 1e9;
  double perCycle = slot->value / hz;
  if (perCycle < kMinConvertedBytesPerCycle || perCycle > kMaxBytesPerCycle)
    return slotError(
        check, slot,
        "is implausible both as bytes per cycle (limit "
        "%g) and as bytes/s (%s / (%s GHz * 1e9) = %.6g bytes/cycle)",
        kMaxBytesPerCycle, slot->text, check->freq->text, perCycle);
  if (check->strict)
    return slotError(
        check, slot,
        "is too large for bytes per cycle (limit %g); "
        "it looks like bytes/s (%.6g bytes/cycle at %s GHz), which "
        "strict mode does not convert",
        kMaxBytesPerCycle, perCycle, check->freq->text);
  archDiagAdd(check->diag, SOLAR_ARCH_WARNING, check->path, slot->line,
              "key '%s' = %s is too large for bytes per cycle (limit %g); "
              "interpreted as bytes/s: %s / (%s GHz * 1e9) = %.6g "
              "bytes/cycle",
              slot->key, slot->text, kMaxBytesPerCycle, slot->text,
              check->freq->text, perCycle);
  slot->value = perCycle;
  slot->converted = true;
  return true;
}

static bool checkUnit(const UnitCheck *check, ArchRawValue *slot) {
  if (!slot->present)
    return true;
  switch (slot->unit) {
  case ARCH_UNIT_BYTES_PER_CYCLE:
    return checkBytesPerCycle(check, slot);
  case ARCH_UNIT_BYTES:
    if (slot->value < kMinCapacityBytes)
      return slotError(check, slot,
                       "is below %g bytes; capacities are in bytes "
                       "(MB or GB given?)",
                       kMinCapacityBytes);
    if (slot->value > kMaxCapacityBytes)
      return slotError(check, slot,
                       "is above 2^50 bytes (1 PiB); capacities are "
                       "in bytes (bits given?)");
    if (slot->value != floor(slot->value))
      return slotError(check, slot, "must be a whole number of bytes");
    return true;
  case ARCH_UNIT_PER_CYCLE:
    if (slot->value < kMinPerCycle)
      return slotError(
          check, slot,
          "is below %g per cycle; give operations per "
          "clock cycle of the whole chip, not per nanosecond or in "
          "tera-units",
          kMinPerCycle);
    if (slot->value <= kMaxPerCycle)
      return true;
    return slotError(check, slot,
                     "is above %g per cycle; give multiply-"
                     "accumulates (or ops) per clock cycle, not per second or "
                     "FLOPS",
                     kMaxPerCycle);
  case ARCH_UNIT_COUNT:
    if (slot->value == floor(slot->value) && slot->value <= kMaxCount)
      return true;
    return slotError(check, slot, "must be a whole number between 1 and %g",
                     kMaxCount);
  case ARCH_UNIT_NANOSECONDS:
    if (slot->value <= kMaxGapNs)
      return true;
    return slotError(check, slot,
                     "is above %g ns (1 ms); give the gap in nanoseconds",
                     kMaxGapNs);
  case ARCH_UNIT_GHZ:
  case ARCH_UNIT_NAME:
    break;
  }
  return true;
}

static bool checkFreq(const char *path, const ArchRawValue *freq,
                      SolarArchDiag *diag) {
  if (freq->value > kMaxFreqGHz) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, freq->line,
                "key 'freq_GHz' = %s is not in GHz (above %g: MHz or Hz "
                "given?); write the clock in GHz, e.g. 1.83",
                freq->text, kMaxFreqGHz);
    return false;
  }
  if (freq->value < kMinFreqGHz) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, freq->line,
                "key 'freq_GHz' = %s is implausibly low for a clock in GHz "
                "(below %g)",
                freq->text, kMinFreqGHz);
    return false;
  }
  return true;
}

static bool hasAnyMac(const ArchRawModel *raw) {
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d)
    if (raw->tensorMac[d].seen || raw->vectorMac[d].seen)
      return true;
  return false;
}

static bool checkRequired(const char *path, const ArchRawModel *raw,
                          SolarArchDiag *diag) {
  bool ok = true;
  if (!raw->freqGHz.seen) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "missing required key 'freq_GHz' (clock in GHz)");
    ok = false;
  }
  if (!raw->dramBytesPerCycle.seen) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "missing required key 'DRAM_byte_per_cycle' (DRAM bandwidth "
                "in bytes per cycle)");
    ok = false;
  }
  if (!hasAnyMac(raw)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "missing required key 'MAC_per_cycle_<dtype>_tc' or "
                "'MAC_per_cycle_<dtype>_sm' (at least one compute rate)");
    ok = false;
  }
  return ok;
}

static bool checkAllUnits(const UnitCheck *check, ArchRawModel *raw) {
  bool ok = true;
  for (size_t i = 0; i < raw->readCount; ++i)
    ok &= checkUnit(check, raw->readOrder[i]);
  return ok;
}

bool archValidate(const char *path, const ArchYamlMapping *yaml, bool strict,
                  ArchRawModel *raw, SolarArchDiag *diag) {
  memset(raw, 0, sizeof(*raw));
  bool ok = true;
  for (size_t i = 0; i < yaml->count; ++i)
    ok &= readEntry(path, &yaml->entries[i], strict, raw, diag);
  bool freqOk = raw->freqGHz.present && checkFreq(path, &raw->freqGHz, diag);
  if (raw->freqGHz.present && !freqOk)
    ok = false;
  UnitCheck check = {path, strict, freqOk ? &raw->freqGHz : NULL, diag};
  ok &= checkAllUnits(&check, raw);
  ok &= checkRequired(path, raw, diag);
  return ok;
}

void archRawDestroy(ArchRawModel *raw) {
  free(raw->name);
  memset(raw, 0, sizeof(*raw));
}
