/* Fuzz target over the command-line flag parsers every `solar` command
 * uses (tools/solar/support/cli_flag.c, cli_flag_value.c): typed values
 * with ranges and the `--name VALUE` / `--name=VALUE` scanner. The first
 * input byte picks a parser and one of the ranges the commands use, the
 * rest is the flag's text (up to a NUL); or, for the scanner, NUL-separated
 * arguments. An accepted value must lie in its range, be finite and read
 * back to itself from its own printed form; a scanned value must point into
 * argv. A crash, a sanitizer report, a hang or nonsense is a finding. */
#include "fuzz_sol_chain.h"

#include "cli_flag.h"
#include "cli_flag_value.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxInputBytes = 4096, kMaxArgs = 64 };

int solarFuzzReachedSol;
const char solarFuzzReachedWhat[] = "accepted";

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  return 0;
}

void solarFuzzShutdown(void) {}

/* Ranges the commands give the parsers (docs/reliability.md). */
typedef struct {
  long long min, max;
} IntRange;
static const IntRange kIntRanges[] = {
    {1, 100000}, {1, 100}, {0, 100}, {1, 64}, {1, 1000000},
    {0, 9007199254740992LL}, {-5, 5}, {0, 0x7fffffffffffffffLL}};
typedef struct {
  double min;
  bool minExclusive;
  double max;
} DoubleRange;
static const DoubleRange kDoubleRanges[] = {
    {0, false, 2}, {1e-12, false, 1e9}, {1e-9, false, 1e12},
    {0, true, 1e6}, {-1e300, false, 1e300}};
typedef struct {
  double min, max;
  bool zeroAllowed;
} SecondsRange;
static const SecondsRange kSecondsRanges[] = {
    {1e-3, 86400, false}, {1e-3, 86400, true}, {1e-3, 1e6, true}};
static const IntRange kByteRanges[] = {
    {1, 1LL << 30}, {1, 1LL << 50}, {0, 0x7fffffffffffffffLL}};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static void nonsense(const char *rule, const char *text, double got) {
  char detail[256];
  snprintf(detail, sizeof(detail), "'%.180s' -> %.17g", text, got);
  solarFuzzNonsense("flags", rule, detail);
}

static void fuzzInt(unsigned pick, const char *text, bool bytes) {
  const IntRange *r = bytes ? &kByteRanges[pick % COUNT(kByteRanges)]
                            : &kIntRanges[pick % COUNT(kIntRanges)];
  long long value = 0;
  bool ok = bytes ? solarCliFlagBytes("fuzz", "--size", text, r->min, r->max,
                                      &value)
                  : solarCliFlagInt("fuzz", "--count", text, r->min, r->max,
                                    &value);
  if (!ok)
    return;
  solarFuzzReachedSol = 1;
  if (value < r->min || value > r->max)
    nonsense("whole number out of its range", text, (double)value);
  char again[32];
  snprintf(again, sizeof(again), "%lld", value);
  long long reread = 0;
  bool rereadOk = bytes ? solarCliFlagBytes("fuzz", "--size", again, r->min,
                                            r->max, &reread)
                        : solarCliFlagInt("fuzz", "--count", again, r->min,
                                          r->max, &reread);
  if (!rereadOk || reread != value)
    nonsense("whole number does not read back", text, (double)value);
}

static void fuzzDouble(unsigned pick, const char *text, bool seconds) {
  double value = NAN, min, max;
  bool ok, minExclusive = false, zeroAllowed = false;
  if (seconds) {
    const SecondsRange *r = &kSecondsRanges[pick % COUNT(kSecondsRanges)];
    min = r->min;
    max = r->max;
    zeroAllowed = r->zeroAllowed;
    ok = solarCliFlagSeconds("fuzz", "--timeout", text, min, max, zeroAllowed,
                             &value);
  } else {
    const DoubleRange *r = &kDoubleRanges[pick % COUNT(kDoubleRanges)];
    min = r->min;
    max = r->max;
    minExclusive = r->minExclusive;
    ok = solarCliFlagDouble("fuzz", "--rate", text, min, minExclusive, max,
                            &value);
  }
  if (!ok)
    return;
  solarFuzzReachedSol = 1;
  bool inRange = isfinite(value) && value <= max &&
                 (minExclusive ? value > min : value >= min);
  if (!inRange && !(zeroAllowed && value == 0))
    nonsense("number not finite or out of its range", text, value);
  char again[40];
  snprintf(again, sizeof(again), "%.17g", value);
  double reread = NAN;
  bool rereadOk =
      seconds ? solarCliFlagSeconds("fuzz", "--timeout", again, min, max,
                                    zeroAllowed, &reread)
              : solarCliFlagDouble("fuzz", "--rate", again, min, minExclusive,
                                   max, &reread);
  if (!rereadOk || reread != value)
    nonsense("number does not read back", text, value);
}

static void noHelp(void) {}

/* NUL-separated arguments through the scanner with a fixed flag table. */
static void fuzzScanner(const char *data, size_t size) {
  char *copy = malloc(size + 1);
  if (!copy)
    abort();
  memcpy(copy, data, size);
  copy[size] = '\0';
  char *argv[kMaxArgs + 2];
  int argc = 0;
  argv[argc++] = "fuzz";
  for (char *at = copy; at <= copy + size && argc <= kMaxArgs;
       at += strlen(at) + 1)
    argv[argc++] = at;
  argv[argc] = NULL;
  const char *output = NULL, *timeout = NULL, *positional = NULL;
  bool quiet = false;
  SolarCliValues measured;
  memset(&measured, 0, sizeof(measured));
  const SolarCliFlag flags[] = {{"-o", &output, NULL, NULL},
                                {"timeout", &timeout, NULL, NULL},
                                {"quiet", NULL, &quiet, NULL},
                                {"measured", NULL, NULL, &measured}};
  int rc = solarCliParseFlags("fuzz", argc, argv, flags, COUNT(flags),
                              "model", &positional, noHelp);
  if (rc == 0) {
    solarFuzzReachedSol = 1;
    const char *values[] = {output, timeout, positional};
    for (size_t v = 0; v < COUNT(values); ++v)
      if (values[v] && (values[v] < copy || values[v] > copy + size))
        nonsense("a scanned value outside argv", values[v], 0);
    if (measured.count < 0 || measured.count > SOLAR_CLI_MAX_VALUES ||
        measured.items[measured.count] != NULL)
      nonsense("repeated values not NULL-terminated", "", measured.count);
  }
  free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  solarFuzzReachedSol = 0;
  if (size < 1 || size > kMaxInputBytes)
    return 0;
  unsigned pick = data[0];
  const char *rest = (const char *)data + 1;
  size_t restSize = size - 1;
  if (pick % 5 == 4) {
    fuzzScanner(rest, restSize);
    return 0;
  }
  char *text = strndup(rest, restSize);
  if (!text)
    abort();
  switch (pick % 5) {
  case 0: fuzzInt(pick / 5, text, false); break;
  case 1: fuzzInt(pick / 5, text, true); break;
  case 2: fuzzDouble(pick / 5, text, false); break;
  case 3: fuzzDouble(pick / 5, text, true); break;
  }
  free(text);
  return 0;
}
