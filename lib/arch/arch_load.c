/* Loading one hardware file: YAML -> validated per-cycle values -> model. */
#include "arch_internal.h"
#include "solar/support/names.h"

#include <stdlib.h>
#include <string.h>

bool solarArchLoadFile(const char *path, const SolarArchLoadOptions *options,
                       SolarArch *out, SolarArchDiag *diag) {
  memset(out, 0, sizeof(*out));
  bool strict = options && options->strict;
  ArchYamlMapping yaml;
  if (!archYamlRead(path, &yaml, diag))
    return false;
  ArchRawModel raw;
  bool ok = archValidate(path, &yaml, strict, &raw, diag);
  if (ok)
    archDerive(&raw, path, out);
  archRawDestroy(&raw);
  archYamlDestroy(&yaml);
  return ok;
}

void solarArchDestroy(SolarArch *arch) {
  free(arch->name);
  free(arch->source_path);
  memset(arch, 0, sizeof(*arch));
}

const SolarMemLevel *solarArchFindLevel(const SolarArch *arch,
                                        SolarMemKind kind) {
  for (size_t i = 0; i < arch->num_levels; ++i)
    if (arch->levels[i].kind == kind)
      return &arch->levels[i];
  return NULL;
}

const char *solarArchOriginName(SolarArchOrigin origin) {
  static const char *const names[] = {[SOLAR_ARCH_FROM_FILE] = "file",
                                      [SOLAR_ARCH_FROM_CONVERTED] = "converted",
                                      [SOLAR_ARCH_FROM_DEFAULT] = "default"};
  return SOLAR_NAME_OF(names, origin, "default");
}

const char *solarMemKindName(SolarMemKind kind) {
  static const char *const names[SOLAR_MEM_KIND_COUNT] = {
      [SOLAR_MEM_REGISTER] = "register", [SOLAR_MEM_L1] = "L1",
      [SOLAR_MEM_L2] = "L2"};
  return SOLAR_NAME_OF(names, kind, "invalid");
}
