/* solar-arch-info: loads the hardware description named by the `arch`
 * option (global --solar-arch=NAME|PATH) and attaches the whole model to
 * the anchor op as `solar.arch`, a builtin dictionary in SI units:
 *
 *   solar.arch = {name, source, freq_hz, dram_bytes_per_s,
 *                 dram_capacity_bytes, memory_levels = [{kind, capacity_bytes,
 *                 bytes_per_s}, ...] (innermost first), tensor_mac_per_s =
 *                 {dtype = rate, ...} (dtypes with a tensor path),
 *                 vector_mac_per_s, vector_op_per_s (every dtype),
 *                 div_op_per_s, sfu_op_per_s, num_sm (when known),
 *                 launch_gap_s (when the file states it),
 *                 defaulted = [field, ...], converted = [field, ...]}
 *
 * Capacities are i64 bytes, rates f64 per second. Unlimited values
 * (defaults of INFINITY) are left out. `defaulted` / `converted` name the
 * values that did not come from the file as written. Loader warnings become warnings at the op; a loader error
 * fails the pass. */
#include "solar/arch/arch.h"
#include "solar/support/diagnostics.h"
#include "solar/passes/passes.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

#include <math.h>
#include <stdio.h>

enum { kMaxFields = 32, kMaxProvenance = 3 * SOLAR_DTYPE_COUNT + 16 };

/* A dictionary under construction; names are interned by MLIR. */
typedef struct {
  MlirContext ctx;
  intptr_t count;
  MlirNamedAttribute fields[kMaxFields];
} DictBuilder;

/* Field names whose value was defaulted or converted, as string attrs. */
typedef struct {
  intptr_t defaultedCount, convertedCount;
  MlirAttribute defaulted[kMaxProvenance];
  MlirAttribute converted[kMaxProvenance];
} Provenance;

static void dictAdd(DictBuilder *dict, const char *name, MlirAttribute value) {
  if (dict->count == kMaxFields)
    return;
  dict->fields[dict->count++] = mlirNamedAttributeGet(
      mlirIdentifierGet(dict->ctx, mlirStringRefCreateFromCString(name)),
      value);
}

static MlirAttribute dictBuild(const DictBuilder *dict) {
  return mlirDictionaryAttrGet(dict->ctx, dict->count, dict->fields);
}

static MlirAttribute f64Attr(MlirContext ctx, double value) {
  return mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx), value);
}

static MlirAttribute stringAttr(MlirContext ctx, const char *text) {
  return mlirStringAttrGet(ctx, mlirStringRefCreateFromCString(text));
}

static void noteOrigin(MlirContext ctx, Provenance *provenance,
                       const char *field, const SolarArchValue *value) {
  if (value->origin == SOLAR_ARCH_FROM_DEFAULT &&
      provenance->defaultedCount < kMaxProvenance)
    provenance->defaulted[provenance->defaultedCount++] =
        stringAttr(ctx, field);
  if (value->origin == SOLAR_ARCH_FROM_CONVERTED &&
      provenance->convertedCount < kMaxProvenance)
    provenance->converted[provenance->convertedCount++] =
        stringAttr(ctx, field);
}

/* Unlimited values (INFINITY) are left out; their names are in
 * `defaulted`. */
static void addRate(DictBuilder *dict, const char *name,
                    const SolarArchValue *value) {
  if (!isinf(value->value))
    dictAdd(dict, name, f64Attr(dict->ctx, value->value));
}

/* Capacities are whole bytes: an integer prints exactly (a large f64 would
 * print in hex). */
static void addCapacity(DictBuilder *dict, const char *name,
                        const SolarArchValue *value) {
  if (isinf(value->value))
    return;
  if (value->value > 9e18) {
    dictAdd(dict, name, f64Attr(dict->ctx, value->value));
    return;
  }
  dictAdd(dict, name,
          mlirIntegerAttrGet(mlirIntegerTypeGet(dict->ctx, 64),
                             (int64_t)llround(value->value)));
}

static void addValue(DictBuilder *dict, Provenance *provenance,
                     const char *field, const SolarArchValue *value) {
  addRate(dict, field, value);
  noteOrigin(dict->ctx, provenance, field, value);
}

static MlirAttribute levelAttr(MlirContext ctx, Provenance *provenance,
                               const SolarMemLevel *level) {
  const char *kind = solarMemKindName(level->kind);
  DictBuilder dict = {.ctx = ctx};
  char field[64];
  dictAdd(&dict, "kind", stringAttr(ctx, kind));
  addCapacity(&dict, "capacity_bytes", &level->capacity_bytes);
  snprintf(field, sizeof(field), "%s.capacity_bytes", kind);
  noteOrigin(ctx, provenance, field, &level->capacity_bytes);
  addRate(&dict, "bytes_per_s", &level->bytes_per_s);
  snprintf(field, sizeof(field), "%s.bytes_per_s", kind);
  noteOrigin(ctx, provenance, field, &level->bytes_per_s);
  return dictBuild(&dict);
}

/* {dtype = rate, ...}; skipZero leaves out dtypes without a path. */
static MlirAttribute ratesAttr(MlirContext ctx, Provenance *provenance,
                               const char *family, const SolarArchValue *rates,
                               bool skipZero) {
  DictBuilder dict = {.ctx = ctx};
  char field[64];
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    if (skipZero && rates[d].value == 0)
      continue;
    const char *dtype = solarDtypeName((SolarDtype)d);
    dictAdd(&dict, dtype, f64Attr(ctx, rates[d].value));
    snprintf(field, sizeof(field), "%s.%s", family, dtype);
    noteOrigin(ctx, provenance, field, &rates[d]);
  }
  return dictBuild(&dict);
}

static MlirAttribute archAttr(MlirContext ctx, const SolarArch *arch) {
  DictBuilder dict = {.ctx = ctx};
  Provenance provenance = {0};
  dictAdd(&dict, "name", stringAttr(ctx, arch->name));
  dictAdd(&dict, "source", stringAttr(ctx, arch->source_path));
  addValue(&dict, &provenance, "freq_hz", &arch->freq_hz);
  addValue(&dict, &provenance, "dram_bytes_per_s", &arch->dram_bytes_per_s);
  addCapacity(&dict, "dram_capacity_bytes", &arch->dram_capacity_bytes);
  noteOrigin(ctx, &provenance, "dram_capacity_bytes",
             &arch->dram_capacity_bytes);
  MlirAttribute levels[SOLAR_MEM_KIND_COUNT];
  for (size_t i = 0; i < arch->num_levels; ++i)
    levels[i] = levelAttr(ctx, &provenance, &arch->levels[i]);
  dictAdd(&dict, "memory_levels",
          mlirArrayAttrGet(ctx, (intptr_t)arch->num_levels, levels));
  dictAdd(&dict, "tensor_mac_per_s",
          ratesAttr(ctx, &provenance, "tensor_mac_per_s",
                    arch->tensor_mac_per_s, true));
  dictAdd(&dict, "vector_mac_per_s",
          ratesAttr(ctx, &provenance, "vector_mac_per_s",
                    arch->vector_mac_per_s, false));
  dictAdd(&dict, "vector_op_per_s",
          ratesAttr(ctx, &provenance, "vector_op_per_s",
                    arch->vector_op_per_s, false));
  addValue(&dict, &provenance, "div_op_per_s", &arch->div_op_per_s);
  addValue(&dict, &provenance, "sfu_op_per_s", &arch->sfu_op_per_s);
  if (arch->num_sm.origin != SOLAR_ARCH_FROM_DEFAULT)
    dictAdd(&dict, "num_sm",
            mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64),
                               (int64_t)arch->num_sm.value));
  if (arch->launch_gap_s.origin != SOLAR_ARCH_FROM_DEFAULT)
    dictAdd(&dict, "launch_gap_s",
            mlirFloatAttrDoubleGet(ctx, mlirF64TypeGet(ctx),
                                   arch->launch_gap_s.value));
  dictAdd(&dict, "defaulted",
          mlirArrayAttrGet(ctx, provenance.defaultedCount,
                           provenance.defaulted));
  dictAdd(&dict, "converted",
          mlirArrayAttrGet(ctx, provenance.convertedCount,
                           provenance.converted));
  return dictBuild(&dict);
}

/* Loader diagnostics at the op: "<file>:<line>: <message>". */
static void reportDiag(MlirLocation loc, const SolarArchDiag *diag) {
  for (size_t i = 0; i < diag->count; ++i) {
    const SolarArchDiagEntry *entry = &diag->entries[i];
    const char *sep = entry->where[0] ? ": " : "";
    switch (entry->severity) {
    case SOLAR_ARCH_ERROR:
      solarEmitError(loc, "%s%s%s", entry->where, sep, entry->message);
      break;
    case SOLAR_ARCH_WARNING:
      solarEmitWarning(loc, "%s%s%s", entry->where, sep, entry->message);
      break;
    case SOLAR_ARCH_REMARK:
      solarEmitRemark(loc, "%s%s%s", entry->where, sep, entry->message);
      break;
    }
  }
  if (diag->dropped)
    solarEmitRemark(loc, "%zu more hardware-file diagnostic(s) not shown",
                    diag->dropped);
}

static void runArchInfo(MlirOperation op, MlirExternalPass pass,
                        const SolarOptions *options) {
  MlirLocation loc = mlirOperationGetLocation(op);
  const char *arch = solarOptionsGet(options, "arch");
  if (!arch || !*arch) {
    solarEmitError(loc, "solar-arch-info needs a hardware description: "
                        "--solar-arch=NAME|PATH or solar-arch-info{arch=...}");
    mlirExternalPassSignalFailure(pass);
    return;
  }
  SolarArchLoadOptions loadOptions = {
      .strict = solarOptionsGetBool(options, "strict", false)};
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  SolarArch model;
  bool ok = solarArchResolve(arch, &loadOptions, &model, &diag);
  reportDiag(loc, &diag);
  if (!ok) {
    mlirExternalPassSignalFailure(pass);
    return;
  }
  mlirOperationSetDiscardableAttributeByName(
      op, mlirStringRefCreateFromCString("solar.arch"),
      archAttr(mlirOperationGetContext(op), &model));
  solarArchDestroy(&model);
}

static const char *const archInfoOptions[] = {"arch", "strict", NULL};

const SolarPassInfo solarArchInfoPass = {
    .argument = "solar-arch-info",
    .description = "Load the hardware description (--solar-arch) and attach "
                   "it to the module as solar.arch",
    .valueOption = "arch",
    .optionNames = archInfoOptions,
    .run = runArchInfo,
};
