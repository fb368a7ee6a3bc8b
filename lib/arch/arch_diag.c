/* The fixed-size diagnostic collector of the hardware loader. */
#include "arch_internal.h"
#include "solar/support/names.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void solarArchDiagInit(SolarArchDiag *diag) { memset(diag, 0, sizeof(*diag)); }

const char *solarArchSeverityName(SolarArchSeverity severity) {
  static const char *const names[] = {[SOLAR_ARCH_ERROR] = "error",
                                      [SOLAR_ARCH_WARNING] = "warning",
                                      [SOLAR_ARCH_REMARK] = "remark"};
  return SOLAR_NAME_OF(names, severity, "error");
}

void archDiagAdd(SolarArchDiag *diag, SolarArchSeverity severity,
                 const char *path, int line, const char *fmt, ...) {
  if (severity == SOLAR_ARCH_ERROR)
    diag->errorCount++;
  if (diag->count == SOLAR_ARCH_DIAG_MAX) {
    diag->dropped++;
    return;
  }
  SolarArchDiagEntry *entry = &diag->entries[diag->count++];
  entry->severity = severity;
  if (!path)
    entry->where[0] = '\0';
  else if (line > 0)
    snprintf(entry->where, sizeof(entry->where), "%s:%d", path, line);
  else
    snprintf(entry->where, sizeof(entry->where), "%s", path);
  va_list args;
  va_start(args, fmt);
  vsnprintf(entry->message, sizeof(entry->message), fmt, args);
  va_end(args);
}

char *solarArchDiagFormat(const SolarArchDiag *diag, size_t index, char *buf,
                          size_t bufSize) {
  if (bufSize == 0)
    return buf;
  buf[0] = '\0';
  if (index >= diag->count)
    return buf;
  const SolarArchDiagEntry *entry = &diag->entries[index];
  const char *severity = solarArchSeverityName(entry->severity);
  if (entry->where[0])
    snprintf(buf, bufSize, "%s: %s: %s", entry->where, severity,
             entry->message);
  else
    snprintf(buf, bufSize, "%s: %s", severity, entry->message);
  return buf;
}
