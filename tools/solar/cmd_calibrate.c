/* solar calibrate: a hardware file for the machine it runs on
 * (docs/host-cpu.md). */
#include "cli_calibrate.h"
#include "cli_host_arch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *out) {
  fprintf(out,
          "USAGE: solar calibrate [-o FILE] [--threads N] [--stream-ms MS]\n"
          "                       [--bandwidth-margin X] [--clock-margin X]\n\n"
          "Writes a hardware file for this CPU: theoretical compute peaks\n"
          "(ISA, clock), cache sizes (sysfs), DRAM bandwidth measured with a\n"
          "STREAM-style benchmark over 1..N threads. Default output: the\n"
          "cache used by --arch host (%s).\n\n"
          "  -o FILE               where to write (default: the host cache)\n"
          "  --threads N           cores to describe and measure (default: all usable)\n"
          "  --stream-ms MS        time budget of the bandwidth measurement (default 1000)\n"
          "  --bandwidth-margin X  stated bandwidth = best measured x X (default 1.25, >= 1)\n"
          "  --clock-margin X      stated clock = highest known clock x X (default 1.10, >= 1)\n",
          "$SOLAR_CACHE_DIR/host.yaml");
}

/* Value of `--flag V` or `--flag=V`; advances *i. NULL when not this flag. */
static const char *flagValue(int argc, char **argv, int *i, const char *flag,
                             bool *missing) {
  size_t n = strlen(flag);
  if (strncmp(argv[*i], flag, n) != 0)
    return NULL;
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (argv[*i][n] != '\0')
    return NULL;
  if (*i + 1 >= argc) {
    *missing = true;
    return NULL;
  }
  return argv[++*i];
}

static bool parseNumber(const char *text, double minimum, double *out) {
  char *end;
  double v = strtod(text, &end);
  if (end == text || *end || !(v >= minimum) || v > 1e9)
    return false;
  *out = v;
  return true;
}

int solarCmdCalibrate(int argc, char **argv) {
  SolarCalibrateOptions options;
  solarCalibrateDefaults(&options);
  const char *output = NULL;
  for (int i = 1; i < argc; ++i) {
    bool missing = false;
    const char *v;
    double number;
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return 0;
    } else if ((v = flagValue(argc, argv, &i, "-o", &missing))) {
      output = v;
    } else if ((v = flagValue(argc, argv, &i, "--threads", &missing))) {
      if (!parseNumber(v, 1, &number) || number != (unsigned)number) {
        fprintf(stderr, "solar calibrate: error: --threads needs a whole number >= 1, got '%s'\n", v);
        return 2;
      }
      options.threads = (unsigned)number;
    } else if ((v = flagValue(argc, argv, &i, "--stream-ms", &missing))) {
      if (!parseNumber(v, 1, &number)) {
        fprintf(stderr, "solar calibrate: error: --stream-ms needs a number >= 1, got '%s'\n", v);
        return 2;
      }
      options.streamSeconds = number / 1e3;
    } else if ((v = flagValue(argc, argv, &i, "--bandwidth-margin", &missing))) {
      if (!parseNumber(v, 1, &options.bandwidthMargin)) {
        fprintf(stderr, "solar calibrate: error: --bandwidth-margin must be >= 1 (a margin below 1 would state less than measured), got '%s'\n", v);
        return 2;
      }
    } else if ((v = flagValue(argc, argv, &i, "--clock-margin", &missing))) {
      if (!parseNumber(v, 1, &options.clockMargin)) {
        fprintf(stderr, "solar calibrate: error: --clock-margin must be >= 1, got '%s'\n", v);
        return 2;
      }
    } else {
      if (missing)
        fprintf(stderr, "solar calibrate: error: %s needs a value\n", argv[i]);
      else
        fprintf(stderr, "solar calibrate: error: unexpected argument '%s' (see --help)\n", argv[i]);
      return 2;
    }
    if (missing) {
      fprintf(stderr, "solar calibrate: error: %s needs a value\n", argv[i]);
      return 2;
    }
  }
  char path[4096], err[1024];
  if (!output) {
    if (!solarHostArchPrepare(path, sizeof(path), err, sizeof(err))) {
      fprintf(stderr, "solar calibrate: error: %s (or give -o)\n", err);
      return 1;
    }
    output = path;
  }
  if (!solarCalibrate(&options, output, stderr, err, sizeof(err))) {
    fprintf(stderr, "solar calibrate: error: %s\n", err);
    return 1;
  }
  return 0;
}
