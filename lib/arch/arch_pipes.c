/* The compute units and which of them share a pipe (shared_pipe_<dtype>,
 * docs/hardware-format.md): a pipe issues one op per lane and cycle, so
 * the times of the units that issue through it add up, while units on
 * different pipes run side by side. */
#include "arch_internal.h"

#include <stdio.h>
#include <string.h>

static const char *const unitNames[SOLAR_UNIT_COUNT] = {
    [SOLAR_UNIT_NONE] = "none",      [SOLAR_UNIT_TENSOR] = "tensor",
    [SOLAR_UNIT_VECTOR_FMA] = "fma", [SOLAR_UNIT_VECTOR_ALU] = "alu",
    [SOLAR_UNIT_DIV] = "div",        [SOLAR_UNIT_SFU] = "sfu",
};

const char *solarUnitName(SolarUnit unit) {
  return (int)unit >= 0 && unit < SOLAR_UNIT_COUNT ? unitNames[unit] : "none";
}

SolarUnit solarUnitFromName(const char *name, size_t length) {
  for (int u = 0; u < SOLAR_UNIT_COUNT; ++u)
    if (strlen(unitNames[u]) == length && !strncmp(name, unitNames[u], length))
      return (SolarUnit)u;
  return SOLAR_UNIT_COUNT;
}

SolarUnit solarArchPipeOf(const SolarArch *arch, SolarDtype dtype,
                          SolarUnit unit) {
  if ((int)dtype < 0 || dtype >= SOLAR_DTYPE_COUNT || (int)unit < 0 ||
      unit >= SOLAR_UNIT_COUNT)
    return unit;
  unsigned char first = arch->sharedWith[dtype][unit];
  return first ? (SolarUnit)first : unit;
}

/* "fma+alu, div+sfu": groups separated by commas or blanks, the units of a
 * group joined by '+'. Each unit of a group gets the group's first unit as
 * its pipe. */
bool archReadSharedPipe(const char *path, const ArchYamlEntry *entry,
                        SolarDtype dtype, ArchRawModel *raw,
                        SolarArchDiag *diag) {
  if (raw->pipeLine[dtype]) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' given twice (first on line %d)", entry->key,
                raw->pipeLine[dtype]);
    return false;
  }
  if (entry->valueKind != ARCH_NODE_SCALAR || !entry->value[0]) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                "key '%s' must list units sharing a pipe, e.g. fma+alu",
                entry->key);
    return false;
  }
  unsigned char *sharedWith = raw->sharedWith[dtype];
  bool assigned[SOLAR_UNIT_COUNT] = {false};
  const char *p = entry->value;
  while (*p) {
    while (*p == ',' || *p == ' ' || *p == '\t')
      p++;
    if (!*p)
      break;
    int first = -1;
    for (;;) {
      size_t length = strcspn(p, "+, \t");
      SolarUnit unit = solarUnitFromName(p, length);
      if (unit == SOLAR_UNIT_COUNT || unit == SOLAR_UNIT_NONE) {
        archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                    "key '%s': unknown unit '%.*s' (expected tensor, fma, "
                    "alu, div or sfu)",
                    entry->key, (int)length, p);
        return false;
      }
      if (assigned[unit]) {
        archDiagAdd(diag, SOLAR_ARCH_ERROR, path, entry->line,
                    "key '%s': unit '%s' is in two pipes", entry->key,
                    solarUnitName(unit));
        return false;
      }
      assigned[unit] = true;
      if (first < 0)
        first = unit;
      sharedWith[unit] = (unsigned char)first;
      p += length;
      if (*p != '+')
        break;
      p++;
    }
  }
  raw->pipeLine[dtype] = entry->line;
  return true;
}

void solarArchFormatPipes(const SolarArch *arch, SolarDtype dtype, char *buf,
                          size_t size) {
  size_t used = 0;
  buf[0] = '\0';
  for (int first = 1; first < SOLAR_UNIT_COUNT; ++first) {
    int members = 0;
    for (int u = first; u < SOLAR_UNIT_COUNT; ++u)
      members += arch->sharedWith[dtype][u] == first;
    if (members < 2)
      continue;
    used += (size_t)snprintf(buf + used, used < size ? size - used : 0, "%s",
                             used ? ", " : "");
    for (int u = first, n = 0; u < SOLAR_UNIT_COUNT; ++u)
      if (arch->sharedWith[dtype][u] == first && used < size)
        used += (size_t)snprintf(buf + used, size - used, "%s%s",
                                 n++ ? "+" : "", solarUnitName((SolarUnit)u));
  }
}
