/* Writing a hardware file for the host CPU (cli_calibrate.h). */
#include "cli_calibrate.h"

#include "cli_hostinfo.h"
#include "cli_stream.h"

#include "solar/arch/arch.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void solarCalibrateDefaults(SolarCalibrateOptions *options) {
  options->threads = 0;
  options->streamSeconds = 1.0;
  options->bandwidthMargin = 1.25;
  options->clockMargin = 1.10;
}

/* Per-core compute peaks, from the ISA alone (docs/host-cpu.md, "Compute"). */
typedef struct {
  unsigned isaBits;      /* widest vector ISA */
  unsigned datapathBits; /* width one FMA unit processes per cycle */
  unsigned fmaUnits;
  const char *isa;
  double fp64, fp32, bf16, fp16, int8; /* MAC/cycle/core; 0 = not stated */
} CorePeak;

static CorePeak corePeak(const SolarHostInfo *host) {
  CorePeak p = {0};
  if (host->avx512f) {
    p.isaBits = 512;
    p.isa = "AVX-512";
  } else if (host->avx2 || host->avx) {
    p.isaBits = 256;
    p.isa = host->avx2 ? "AVX2" : "AVX";
  } else if (host->sve || host->neon) {
    p.isaBits = 128; /* SVE hardware with wider vectors also has 4 units */
    p.isa = host->sve ? "SVE/NEON" : "NEON";
  } else {
    p.isaBits = 128;
    p.isa = "SSE2 (or unknown)";
  }
  p.datapathBits = p.isaBits;
  /* AMD family 0x19 (Zen 3 and Zen 4) splits 512-bit operations into two
   * 256-bit halves on 256-bit FMA pipes. */
  if (!strcmp(host->vendor, "AuthenticAMD") && host->family == 0x19 &&
      p.datapathBits > 256)
    p.datapathBits = 256;
  /* Two FMA pipes is the most any x86 core has (Intel server cores with
   * AVX-512, every Zen); AArch64 server cores have up to four 128-bit. */
  p.fmaUnits = (host->neon || host->sve) ? 4 : 2;
  double fp32Lanes = p.datapathBits / 32.0;
  p.fp32 = p.fmaUnits * fp32Lanes;
  p.fp64 = p.fp32 / 2;
  if (host->avx512bf16)
    p.bf16 = 2 * p.fp32; /* VDPBF16PS: two bf16 products per fp32 lane */
  if (host->amxbf16)
    p.bf16 = 1024; /* AMX TMUL: 1024 bf16 MAC per cycle per core */
  if (host->avx512fp16)
    p.fp16 = 2 * p.fp32;
  if (host->avx512vnni || host->avxvnni)
    p.int8 = 4 * p.fp32; /* VPDPBUSD: four 8-bit products per 32-bit lane */
  if (host->amxint8)
    p.int8 = 2048;
  return p;
}

/* Per-cycle values are rounded up so no derived rate falls below the one
 * computed (docs/hardware-format.md). */
static double roundUp2(double x) { return ceil(x * 100.0) / 100.0; }

static void writeMac(FILE *out, const char *dtype, double perCore,
                     unsigned cores, const char *why) {
  if (perCore <= 0)
    return;
  fprintf(out, "MAC_per_cycle_%s_sm: %.0f%*s# %g per core x %u cores: %s\n",
          dtype, ceil(perCore * cores), 8, "", perCore, cores, why);
}

static bool writeFile(const char *path, const SolarHostInfo *host,
                      const CorePeak *peak, unsigned cores, double clockHz,
                      const char *clockWhy, const SolarStreamResult *stream,
                      const SolarCalibrateOptions *options, double measuredHz) {
  FILE *out = fopen(path, "w");
  if (!out)
    return false;
  time_t now = time(NULL);
  char date[64];
  strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", localtime(&now));
  double ghz = ceil(clockHz / 1e6) / 1e3;
  double hz = ghz * 1e9;
  int llc = solarHostLastLevel(host);
  double onChip = solarHostTotalCacheBytes(host);
  double l1 = host->cacheBytes[1] * cores;
  double regs = 32.0 * peak->isaBits / 8 * cores; /* architectural vector registers */
  double dram = stream->bestBytesPerS * options->bandwidthMargin;

  fprintf(out, "# Host CPU, written by `solar calibrate` on %s.\n", date);
  fprintf(out, "# CPU: %s (%s family %d model %d); %u cores described and "
               "measured.\n",
          host->modelName, host->vendor[0] ? host->vendor : "unknown vendor",
          host->family, host->model, cores);
  fprintf(out, "# THEORETICAL: clock, compute peaks, cache sizes (sysfs), "
               "cache bandwidths (generous bounds).\n");
  fprintf(out, "# MEASURED: DRAM bandwidth (STREAM read/copy/triad, best of "
               "%u runs) x %.2f margin; core clock (add chain).\n",
          stream->samples, options->bandwidthMargin);
  fprintf(out, "# Every rate is meant as an upper bound, so SOL times stay "
               "lower bounds (docs/host-cpu.md).\n\n");
  fprintf(out, "name: \"host\"\n");
  fprintf(out, "freq_GHz: %.3f%*s# %s\n", ghz, 15, "", clockWhy);
  fprintf(out, "num_SM: %u%*s# cores (threads the reference is pinned to)\n",
          cores, 20, "");
  if (host->memoryBytes >= 4096)
    fprintf(out, "DRAM_capacity: %.0f%*s# physical memory\n",
            host->memoryBytes, 6, "");
  fprintf(out,
          "DRAM_byte_per_cycle: %.2f%*s# measured %.2f GB/s (%s, %u "
          "thread(s), %.0f MiB) x %.2f = %.2f GB/s\n",
          roundUp2(dram / hz), 8, "", stream->bestBytesPerS / 1e9,
          stream->bestKernel, stream->bestThreads,
          stream->bestWorkingSetBytes / 1048576.0, options->bandwidthMargin,
          dram / 1e9);
  fprintf(out,
          "SRAM_capacity: %.0f%*s# every cache level together (L%d is the "
          "last level; caches may be exclusive)\n",
          onChip, 6, "", llc);
  fprintf(out,
          "SRAM_byte_per_cycle: %u%*s# 2 cache lines (128 B) per cycle per "
          "core into the L1s: above every fill path of current cores\n",
          128 * cores, 10, "");
  if (l1 + regs >= 4096)
    fprintf(out,
            "L1_capacity: %.0f%*s# L1d %.0f B x %u cores + %u vector "
            "registers of %u B per core\n",
            l1 + regs, 10, "", host->cacheBytes[1], cores, 32,
            peak->isaBits / 8);
  fprintf(out,
          "L1_byte_per_cycle: %u%*s# 3 accesses of max(64 B, vector) per "
          "cycle per core\n",
          3 * (peak->isaBits / 8 > 64 ? peak->isaBits / 8 : 64) * cores, 12,
          "");
  char why[256];
  snprintf(why, sizeof(why), "%u FMA units x %u-bit datapath (%s%s)",
           peak->fmaUnits, peak->datapathBits, peak->isa,
           peak->datapathBits < peak->isaBits ? ", double-pumped" : "");
  writeMac(out, "fp64", peak->fp64, cores, why);
  writeMac(out, "fp32", peak->fp32, cores, why);
  writeMac(out, "bf16", peak->bf16, cores,
           host->amxbf16 ? "AMX-BF16 tile multiply" : "AVX512_BF16 dot products");
  writeMac(out, "fp16", peak->fp16, cores, "AVX512_FP16");
  writeMac(out, "int8", peak->int8, cores,
           host->amxint8 ? "AMX-INT8 tile multiply" : "VNNI dot products");
  fprintf(out, "# Non-FMA vector ops (add, mul, max, compare): up to 2 per FMA "
               "slot (Zen has separate FADD pipes).\n");
  fprintf(out, "OP_per_cycle_fp64_sm: %.0f\n", ceil(2 * peak->fp64 * cores));
  fprintf(out, "OP_per_cycle_fp32_sm: %.0f\n", ceil(2 * peak->fp32 * cores));
  fprintf(out, "# measured core clock %.3f GHz; STREAM took %.2f s\n",
          measuredHz / 1e9, stream->seconds);
  bool ok = !ferror(out);
  return fclose(out) == 0 && ok;
}

bool solarCalibrate(const SolarCalibrateOptions *options, const char *outPath,
                    FILE *log, char *err, size_t errSize) {
  SolarHostInfo host;
  solarHostInfoGather(&host);
  unsigned cores = options->threads ? options->threads : host.cores;
  if (cores > host.cores) {
    snprintf(err, errSize, "--threads %u: only %u CPUs are usable here",
             cores, host.cores);
    return false;
  }
  CorePeak peak = corePeak(&host);

  double measuredHz = solarMeasureCoreClockHz();
  double known = host.cpufreqMaxKHz * 1e3;
  const char *source = "cpufreq cpuinfo_max_freq";
  if (host.procMHz * 1e6 > known) {
    known = host.procMHz * 1e6;
    source = "/proc/cpuinfo MHz";
  }
  if (measuredHz > known) {
    known = measuredHz;
    source = "measured add chain";
  }
  if (known <= 0) {
    snprintf(err, errSize,
             "no clock found (no cpufreq, no 'cpu MHz' in /proc/cpuinfo, "
             "no measurement on this architecture)");
    return false;
  }
  double clockHz = known * options->clockMargin;
  char clockWhy[160];
  snprintf(clockWhy, sizeof(clockWhy), "highest of cpufreq/proc/measured "
           "(%s, %.3f GHz) x %.2f", source, known / 1e9, options->clockMargin);

  double cacheBytes = solarHostTotalCacheBytes(&host);
  if (cacheBytes <= 0)
    cacheBytes = 64.0 * 1048576; /* sysfs silent: assume a large LLC */
  SolarStreamConfig config = {
      .minWorkingSetBytes = (size_t)(2 * cacheBytes),
      .sizeCount = 2,
      .maxThreads = cores,
      .budgetSeconds = options->streamSeconds,
  };
  if (log)
    fprintf(log,
            "solar calibrate: %s, %u cores, %s, clock %.3f GHz (%s); "
            "STREAM over %.0f and %.0f MiB, 1..%u threads\n",
            host.modelName, cores, peak.isa, known / 1e9, source,
            config.minWorkingSetBytes / 1048576.0,
            2 * config.minWorkingSetBytes / 1048576.0, cores);
  SolarStreamResult stream;
  if (!solarStreamMeasure(&config, &stream, err, errSize))
    return false;
  if (stream.bestBytesPerS <= 0) {
    snprintf(err, errSize, "the STREAM measurement produced no sample");
    return false;
  }

  size_t tmpSize = strlen(outPath) + 32;
  char *tmp = malloc(tmpSize);
  snprintf(tmp, tmpSize, "%s.tmp.%ld", outPath, (long)clock());
  bool ok = writeFile(tmp, &host, &peak, cores, clockHz, clockWhy, &stream,
                      options, measuredHz);
  if (!ok)
    snprintf(err, errSize, "cannot write '%s'", tmp);
  if (ok && rename(tmp, outPath) != 0) {
    snprintf(err, errSize, "cannot move '%s' to '%s'", tmp, outPath);
    ok = false;
  }
  if (!ok)
    remove(tmp);
  free(tmp);
  if (!ok)
    return false;

  SolarArch arch;
  SolarArchDiag diag;
  solarArchDiagInit(&diag);
  SolarArchLoadOptions load = {.strict = true};
  if (!solarArchLoadFile(outPath, &load, &arch, &diag)) {
    char text[2 * SOLAR_ARCH_DIAG_TEXT + 32];
    solarArchDiagFormat(&diag, 0, text, sizeof(text));
    snprintf(err, errSize, "the written file does not load: %s", text);
    return false;
  }
  if (log)
    fprintf(log,
            "solar calibrate: wrote %s: DRAM %.2f GB/s measured (%s, %u "
            "thread(s)) -> %.2f GB/s stated; fp32 %.1f GFLOP/s peak; "
            "on-chip %.1f MiB\n",
            outPath, stream.bestBytesPerS / 1e9, stream.bestKernel,
            stream.bestThreads, arch.dram_bytes_per_s.value / 1e9,
            2 * arch.vector_mac_per_s[SOLAR_DTYPE_FP32].value / 1e9,
            solarArchFindLevel(&arch, SOLAR_MEM_L2)->capacity_bytes.value /
                1048576.0);
  solarArchDestroy(&arch);
  return true;
}
