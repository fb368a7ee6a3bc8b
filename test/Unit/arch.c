/* unit-arch: drives the hardware loader for lit tests.
 *
 *   unit-arch [--strict] FILE            load one file, print the model
 *   unit-arch [--strict] --resolve NAME  resolve a name or path, print it
 *   unit-arch --list                     every hardware file in the path
 *   unit-arch --dtype NAME...            solarDtypeFromName + sizes
 *   unit-arch --mlir-type TYPE...        solarDtypeFromMlirType
 *
 * The model is printed one `key=value origin` line per value, values with
 * 12 significant digits (stable across libcs, exact for the test files).
 * Diagnostics go to stderr as `file:line: severity: message`; exit status 1
 * when loading failed. */
#include "solar/arch/arch.h"

#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>

static void printValue(const char *key, const SolarArchValue *value) {
  printf("%s=%.12g %s", key, value->value, solarArchOriginName(value->origin));
  if (value->origin != SOLAR_ARCH_FROM_DEFAULT)
    printf(":%d:%s", value->line, value->key);
  printf("\n");
}

static void printRates(const char *family, const SolarArchValue *rates,
                       bool skipZero) {
  char key[128];
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    if (skipZero && rates[d].value == 0)
      continue;
    snprintf(key, sizeof(key), "%s.%s", family,
             solarDtypeName((SolarDtype)d));
    printValue(key, &rates[d]);
  }
}

static void printArch(const SolarArch *arch) {
  printf("name=%s\n", arch->name);
  printf("source=%s\n", arch->source_path);
  printValue("freq_hz", &arch->freq_hz);
  printValue("dram_bytes_per_s", &arch->dram_bytes_per_s);
  printValue("dram_capacity_bytes", &arch->dram_capacity_bytes);
  printf("levels=");
  for (size_t i = 0; i < arch->num_levels; ++i)
    printf("%s%s", i ? "," : "", solarMemKindName(arch->levels[i].kind));
  printf("\n");
  for (size_t i = 0; i < arch->num_levels; ++i) {
    const SolarMemLevel *level = &arch->levels[i];
    char key[64];
    snprintf(key, sizeof(key), "%s.capacity_bytes",
             solarMemKindName(level->kind));
    printValue(key, &level->capacity_bytes);
    snprintf(key, sizeof(key), "%s.bytes_per_s", solarMemKindName(level->kind));
    printValue(key, &level->bytes_per_s);
  }
  printRates("tensor_mac_per_s", arch->tensor_mac_per_s, true);
  printRates("vector_mac_per_s", arch->vector_mac_per_s, false);
  printRates("vector_op_per_s", arch->vector_op_per_s, false);
  printValue("div_op_per_s", &arch->div_op_per_s);
  printValue("sfu_op_per_s", &arch->sfu_op_per_s);
  printValue("num_sm", &arch->num_sm);
  /* Only declared pipes: a file without shared_pipe_* prints as before. */
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    if (!arch->pipeLine[d])
      continue;
    char pipes[128];
    solarArchFormatPipes(arch, (SolarDtype)d, pipes, sizeof(pipes));
    printf("shared_pipe.%s=%s file:%d\n", solarDtypeName((SolarDtype)d),
           pipes, arch->pipeLine[d]);
  }
  printValue("launch_gap_s", &arch->launch_gap_s);
}

static void printDiag(const SolarArchDiag *diag) {
  char line[2 * SOLAR_ARCH_DIAG_TEXT + 32];
  for (size_t i = 0; i < diag->count; ++i)
    fprintf(stderr, "%s\n", solarArchDiagFormat(diag, i, line, sizeof(line)));
  if (diag->dropped)
    fprintf(stderr, "note: %zu more diagnostic(s) not shown\n", diag->dropped);
}

static int loadAndPrint(const char *what, bool resolve, bool strict) {
  SolarArchLoadOptions options = {.strict = strict};
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  SolarArch arch;
  bool ok = resolve ? solarArchResolve(what, &options, &arch, &diag)
                    : solarArchLoadFile(what, &options, &arch, &diag);
  fflush(stdout);
  printDiag(&diag);
  fflush(stderr);
  if (ok)
    printArch(&arch);
  solarArchDestroy(&arch);
  return ok ? 0 : 1;
}

static int listAll(void) {
  SolarArchList list;
  solarArchListAll(&list);
  for (size_t i = 0; i < list.count; ++i)
    printf("%s %s\n", list.entries[i].name, list.entries[i].path);
  solarArchListDestroy(&list);
  return 0;
}

static int dtypeNames(int count, char **names) {
  for (int i = 0; i < count; ++i) {
    SolarDtype dtype = solarDtypeFromName(names[i]);
    printf("%s -> %s bits=%u bytes=%g\n", names[i], solarDtypeName(dtype),
           solarDtypeStorageBits(dtype), solarDtypeStorageBytes(dtype));
  }
  return 0;
}

static int mlirTypes(int count, char **types) {
  MlirContext ctx = mlirContextCreate();
  int status = 0;
  for (int i = 0; i < count; ++i) {
    MlirType type =
        mlirTypeParseGet(ctx, mlirStringRefCreateFromCString(types[i]));
    if (mlirTypeIsNull(type)) {
      fprintf(stderr, "error: cannot parse type '%s'\n", types[i]);
      status = 1;
      continue;
    }
    printf("%s -> %s\n", types[i], solarDtypeName(solarDtypeFromMlirType(type)));
  }
  mlirContextDestroy(ctx);
  return status;
}

int main(int argc, char **argv) {
  bool strict = false, resolve = false;
  int i = 1;
  for (; i < argc && argv[i][0] == '-' && argv[i][1] == '-'; ++i) {
    if (!strcmp(argv[i], "--strict"))
      strict = true;
    else if (!strcmp(argv[i], "--resolve"))
      resolve = true;
    else if (!strcmp(argv[i], "--list"))
      return listAll();
    else if (!strcmp(argv[i], "--dtype"))
      return dtypeNames(argc - i - 1, argv + i + 1);
    else if (!strcmp(argv[i], "--mlir-type"))
      return mlirTypes(argc - i - 1, argv + i + 1);
    else {
      fprintf(stderr, "unit-arch: unknown option '%s'\n", argv[i]);
      return 2;
    }
  }
  if (i + 1 != argc) {
    fprintf(stderr, "usage: unit-arch [--strict] [--resolve] FILE|NAME\n");
    return 2;
  }
  return loadAndPrint(argv[i], resolve, strict);
}
