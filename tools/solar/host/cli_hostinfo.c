/* sched_getaffinity and CPU_COUNT are GNU extensions. */
#define _GNU_SOURCE
#include "cli_hostinfo.h"

#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The value of "key : value" when line starts with key, else NULL. */
static const char *cpuinfoValue(const char *line, const char *key) {
  size_t n = strlen(key);
  if (strncmp(line, key, n) != 0)
    return NULL;
  const char *p = line + n;
  while (*p == ' ' || *p == '\t')
    ++p;
  if (*p != ':')
    return NULL;
  ++p;
  while (*p == ' ')
    ++p;
  return p;
}

static bool hasWord(const char *list, const char *word) {
  size_t n = strlen(word);
  for (const char *p = list; (p = strstr(p, word)) != NULL; p += n) {
    bool startOk = p == list || isspace((unsigned char)p[-1]);
    bool endOk = p[n] == '\0' || isspace((unsigned char)p[n]);
    if (startOk && endOk)
      return true;
  }
  return false;
}

static void readFlags(SolarHostInfo *info, const char *flags) {
  info->sse2 = hasWord(flags, "sse2");
  info->avx = hasWord(flags, "avx");
  info->avx2 = hasWord(flags, "avx2");
  info->fma = hasWord(flags, "fma");
  info->avx512f = hasWord(flags, "avx512f");
  info->avx512bf16 = hasWord(flags, "avx512_bf16");
  info->avx512fp16 = hasWord(flags, "avx512_fp16");
  info->avx512vnni = hasWord(flags, "avx512_vnni");
  info->avxvnni = hasWord(flags, "avx_vnni");
  info->amxbf16 = hasWord(flags, "amx_bf16");
  info->amxint8 = hasWord(flags, "amx_int8");
  info->neon = hasWord(flags, "asimd");
  info->sve = hasWord(flags, "sve");
}

static void readCpuinfo(SolarHostInfo *info) {
  FILE *file = fopen("/proc/cpuinfo", "r");
  if (!file)
    return;
  char *line = NULL;
  size_t capacity = 0;
  bool haveFlags = false;
  while (getline(&line, &capacity, file) > 0) {
    line[strcspn(line, "\n")] = '\0';
    const char *v;
    if ((v = cpuinfoValue(line, "model name")) &&
        strcmp(info->modelName, "unknown") == 0)
      snprintf(info->modelName, sizeof(info->modelName), "%s", v);
    else if ((v = cpuinfoValue(line, "vendor_id")) && !info->vendor[0])
      snprintf(info->vendor, sizeof(info->vendor), "%s", v);
    else if ((v = cpuinfoValue(line, "cpu family")) && info->family < 0)
      info->family = atoi(v);
    else if ((v = cpuinfoValue(line, "model")) && info->model < 0)
      info->model = atoi(v);
    else if ((v = cpuinfoValue(line, "cpu MHz"))) {
      double mhz = atof(v);
      if (mhz > info->procMHz)
        info->procMHz = mhz;
    } else if (!haveFlags && ((v = cpuinfoValue(line, "flags")) ||
                              (v = cpuinfoValue(line, "Features")))) {
      readFlags(info, v);
      haveFlags = true;
    }
  }
  free(line);
  fclose(file);
}

static bool readText(const char *path, char *buf, size_t size) {
  FILE *file = fopen(path, "r");
  if (!file)
    return false;
  bool ok = fgets(buf, (int)size, file) != NULL;
  fclose(file);
  if (ok)
    buf[strcspn(buf, "\n")] = '\0';
  return ok;
}

/* "32K", "1024K", "32M" -> bytes. */
static double parseSize(const char *text) {
  char *end;
  double value = strtod(text, &end);
  if (*end == 'K')
    value *= 1024;
  else if (*end == 'M')
    value *= 1024 * 1024;
  else if (*end == 'G')
    value *= 1024.0 * 1024 * 1024;
  return value;
}

/* Distinct caches of one level are told apart by the CPUs sharing them. */
typedef struct {
  int level;
  char shared[256];
} CacheInstance;

static void readCaches(SolarHostInfo *info, const cpu_set_t *usable) {
  CacheInstance seen[256];
  size_t seenCount = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, usable))
      continue;
    for (int index = 0; index < 16; ++index) {
      char base[128], path[192], level[16], type[32], size[32], shared[256];
      snprintf(base, sizeof(base), "/sys/devices/system/cpu/cpu%d/cache/index%d",
               cpu, index);
      snprintf(path, sizeof(path), "%s/level", base);
      if (!readText(path, level, sizeof(level)))
        break;
      snprintf(path, sizeof(path), "%s/type", base);
      if (!readText(path, type, sizeof(type)) || !strcmp(type, "Instruction"))
        continue;
      snprintf(path, sizeof(path), "%s/size", base);
      if (!readText(path, size, sizeof(size)))
        continue;
      snprintf(path, sizeof(path), "%s/shared_cpu_list", base);
      if (!readText(path, shared, sizeof(shared)))
        snprintf(shared, sizeof(shared), "cpu%d", cpu);
      int lv = atoi(level);
      if (lv < 1 || lv >= SOLAR_HOST_MAX_CACHE_LEVELS)
        continue;
      bool known = false;
      for (size_t i = 0; i < seenCount && !known; ++i)
        known = seen[i].level == lv && !strcmp(seen[i].shared, shared);
      if (known || seenCount == sizeof(seen) / sizeof(seen[0]))
        continue;
      seen[seenCount].level = lv;
      snprintf(seen[seenCount].shared, sizeof(seen[0].shared), "%s", shared);
      ++seenCount;
      double bytes = parseSize(size);
      if (bytes > info->cacheBytes[lv])
        info->cacheBytes[lv] = bytes;
      info->cacheInstances[lv]++;
    }
  }
}

void solarHostInfoGather(SolarHostInfo *info) {
  memset(info, 0, sizeof(*info));
  snprintf(info->modelName, sizeof(info->modelName), "unknown");
  info->family = info->model = -1;
  readCpuinfo(info);

  cpu_set_t usable;
  CPU_ZERO(&usable);
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  if (sched_getaffinity(0, sizeof(usable), &usable) == 0 &&
      CPU_COUNT(&usable) > 0) {
    info->cores = (unsigned)CPU_COUNT(&usable);
  } else {
    info->cores = online > 0 ? (unsigned)online : 1;
    for (long cpu = 0; cpu < online && cpu < CPU_SETSIZE; ++cpu)
      CPU_SET(cpu, &usable);
  }

  char text[64];
  if (readText("/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq", text,
               sizeof(text)))
    info->cpufreqMaxKHz = atof(text);
  readCaches(info, &usable);
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages > 0 && pageSize > 0)
    info->memoryBytes = (double)pages * (double)pageSize;
}

double solarHostTotalCacheBytes(const SolarHostInfo *info) {
  double total = 0;
  for (int lv = 1; lv < SOLAR_HOST_MAX_CACHE_LEVELS; ++lv)
    total += info->cacheBytes[lv] * info->cacheInstances[lv];
  return total;
}

int solarHostLastLevel(const SolarHostInfo *info) {
  for (int lv = SOLAR_HOST_MAX_CACHE_LEVELS - 1; lv >= 1; --lv)
    if (info->cacheBytes[lv] > 0)
      return lv;
  return 0;
}
