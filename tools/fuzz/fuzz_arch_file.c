/* Fuzz target over the hardware-file loader (lib/arch): YAML from a user
 * or a download. The input is the file's text; it is loaded as a file both
 * leniently and with `strict`. Each input must be refused with at least one
 * error, or give a model whose every rate and capacity is positive and not
 * NaN (only a capacity or bandwidth may be infinite, by default), with
 * warnings and errors that fit the collector and a name of printable text.
 * A crash, a sanitizer report, a hang or nonsense is a finding. */
#include "fuzz_sol_chain.h"

#include "solar/arch/arch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Larger than the loader's own 1 MiB limit would only test that check. */
enum { kMaxInputBytes = 1 << 16 };

int solarFuzzReachedSol;
const char solarFuzzReachedWhat[] = "loaded";

static char fuzzPath[64];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* One file per process (libFuzzer's -fork and -jobs run several). */
  snprintf(fuzzPath, sizeof(fuzzPath), "/tmp/solar-fuzz-arch-XXXXXX");
  int fd = mkstemp(fuzzPath);
  if (fd < 0) {
    perror("solar-fuzz-arch: mkstemp");
    exit(2);
  }
  close(fd);
  atexit(solarFuzzShutdown);
  return 0;
}

void solarFuzzShutdown(void) {
  if (fuzzPath[0])
    unlink(fuzzPath);
  fuzzPath[0] = '\0';
}

static void checkValue(const char *name, const SolarArchValue *v,
                       bool infiniteAllowed) {
  char text[160];
  snprintf(text, sizeof(text), "%s = %g (line %d)", name, v->value, v->line);
  if (isnan(v->value) || v->value < 0 ||
      (!infiniteAllowed && isinf(v->value)))
    solarFuzzNonsense("arch", "a rate or capacity that is NaN, negative or "
                              "infinite where it may not be",
                      text);
}

static void checkModel(const SolarArch *arch, const SolarArchDiag *diag) {
  if (diag->errorCount > 0)
    solarFuzzNonsense("arch", "loaded with errors", arch->name);
  if (!arch->name)
    solarFuzzNonsense("arch", "no name", "");
  for (const unsigned char *c = (const unsigned char *)arch->name; *c; ++c)
    if (*c < 0x20 || *c == 0x7f)
      solarFuzzNonsense("arch", "a control character in the name", arch->name);
  checkValue("freq_hz", &arch->freq_hz, false);
  if (!(arch->freq_hz.value > 0))
    solarFuzzNonsense("arch", "clock not positive", arch->name);
  checkValue("dram_bytes_per_s", &arch->dram_bytes_per_s, false);
  if (!(arch->dram_bytes_per_s.value > 0))
    solarFuzzNonsense("arch", "DRAM bandwidth not positive", arch->name);
  checkValue("dram_capacity_bytes", &arch->dram_capacity_bytes, true);
  if (arch->num_levels > SOLAR_MEM_KIND_COUNT)
    solarFuzzNonsense("arch", "more memory levels than kinds", arch->name);
  for (size_t l = 0; l < arch->num_levels; ++l) {
    checkValue("capacity_bytes", &arch->levels[l].capacity_bytes, true);
    checkValue("bytes_per_s", &arch->levels[l].bytes_per_s, true);
  }
  for (int d = 0; d < SOLAR_DTYPE_COUNT; ++d) {
    checkValue("tensor_mac_per_s", &arch->tensor_mac_per_s[d], false);
    checkValue("vector_mac_per_s", &arch->vector_mac_per_s[d], false);
    checkValue("vector_op_per_s", &arch->vector_op_per_s[d], false);
  }
  checkValue("div_op_per_s", &arch->div_op_per_s, false);
  checkValue("sfu_op_per_s", &arch->sfu_op_per_s, false);
  if (diag->count > SOLAR_ARCH_DIAG_MAX)
    solarFuzzNonsense("arch", "diagnostic count over the collector", arch->name);
}

static void loadOnce(bool strict) {
  SolarArchLoadOptions options = {strict};
  SolarArch arch;
  memset(&arch, 0, sizeof(arch));
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  bool ok = solarArchLoadFile(fuzzPath, &options, &arch, &diag);
  char line[2 * SOLAR_ARCH_DIAG_TEXT + 32];
  for (size_t i = 0; i < diag.count; ++i)
    solarArchDiagFormat(&diag, i, line, sizeof(line));
  if (ok) {
    checkModel(&arch, &diag);
    solarFuzzReachedSol = 1;
  } else if (diag.errorCount == 0) {
    solarFuzzNonsense("arch", "refused without an error", "");
  }
  solarArchDestroy(&arch);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  solarFuzzReachedSol = 0;
  if (size > kMaxInputBytes)
    return 0;
  FILE *f = fopen(fuzzPath, "wb");
  if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0) {
    perror("solar-fuzz-arch: writing the input");
    exit(2);
  }
  loadOnce(false);
  loadOnce(true);
  return 0;
}
