/* What the operating system says about the CPU solar runs on: cores,
 * vector ISA, clocks and caches (Linux /proc and /sys). Every field records
 * whether it was found, so `solar calibrate` can say what it assumed. */
#ifndef SOLAR_CLI_HOSTINFO_H
#define SOLAR_CLI_HOSTINFO_H

#include <stdbool.h>
#include <stddef.h>

enum { SOLAR_HOST_MAX_CACHE_LEVELS = 4 };

typedef struct {
  char modelName[128];  /* /proc/cpuinfo "model name", or "unknown" */
  char vendor[32];      /* "AuthenticAMD", "GenuineIntel", "" */
  int family;           /* x86 "cpu family", -1 when absent */
  int model;            /* x86 "model", -1 when absent */
  unsigned cores;       /* usable CPUs: the affinity mask, else online */
  /* ISA flags (x86 names; AArch64 "asimd"/"sve" map to hasNeon/hasSve). */
  bool sse2, avx, avx2, fma, avx512f, avx512bf16, avx512fp16, avx512vnni,
      avxvnni, amxbf16, amxint8, neon, sve;
  double procMHz;       /* highest "cpu MHz" line, 0 when absent */
  double cpufreqMaxKHz; /* cpu0 cpufreq cpuinfo_max_freq, 0 when absent */
  /* Data and unified caches by level (index 1..3): bytes per instance and
   * the number of distinct instances among the usable CPUs. */
  double cacheBytes[SOLAR_HOST_MAX_CACHE_LEVELS];
  unsigned cacheInstances[SOLAR_HOST_MAX_CACHE_LEVELS];
  double memoryBytes;   /* physical memory */
} SolarHostInfo;

void solarHostInfoGather(SolarHostInfo *info);

/* Sum over levels of size x instances: everything the chip can hold. */
double solarHostTotalCacheBytes(const SolarHostInfo *info);

/* The last level that has a cache, 0 when none was found. */
int solarHostLastLevel(const SolarHostInfo *info);

#endif
