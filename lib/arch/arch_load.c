/* Loading one hardware file: YAML -> validated per-cycle values -> model. */
#include "arch_internal.h"

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
  switch (origin) {
  case SOLAR_ARCH_FROM_FILE:
    return "file";
  case SOLAR_ARCH_FROM_CONVERTED:
    return "converted";
  case SOLAR_ARCH_FROM_DEFAULT:
    return "default";
  }
  return "default";
}

const char *solarMemKindName(SolarMemKind kind) {
  switch (kind) {
  case SOLAR_MEM_REGISTER:
    return "register";
  case SOLAR_MEM_L1:
    return "L1";
  case SOLAR_MEM_L2:
    return "L2";
  case SOLAR_MEM_KIND_COUNT:
    break;
  }
  return "invalid";
}
