/* `--arch host`: the cached calibration of this machine (cli_host_arch.h). */
#include "cli_host_arch.h"

#include "cli_calibrate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool cacheDir(char *buf, size_t size) {
  const char *dir = getenv("SOLAR_CACHE_DIR");
  if (dir && *dir)
    return (size_t)snprintf(buf, size, "%s", dir) < size;
  const char *xdg = getenv("XDG_CACHE_HOME");
  if (xdg && *xdg)
    return (size_t)snprintf(buf, size, "%s/solar", xdg) < size;
  const char *home = getenv("HOME");
  if (home && *home)
    return (size_t)snprintf(buf, size, "%s/.cache/solar", home) < size;
  return false;
}

bool solarHostArchPath(char *buf, size_t size) {
  char dir[4096];
  if (!cacheDir(dir, sizeof(dir)))
    return false;
  return (size_t)snprintf(buf, size, "%s/host.yaml", dir) < size;
}

/* mkdir -p */
static bool makeDirs(const char *path) {
  char tmp[4096];
  if ((size_t)snprintf(tmp, sizeof(tmp), "%s", path) >= sizeof(tmp))
    return false;
  for (char *p = tmp + 1; *p; ++p) {
    if (*p != '/')
      continue;
    *p = '\0';
    if (mkdir(tmp, 0755) != 0 && errno != EEXIST)
      return false;
    *p = '/';
  }
  return mkdir(tmp, 0755) == 0 || errno == EEXIST;
}

bool solarHostArchPrepare(char *buf, size_t size, char *err,
                          size_t errSize) {
  char dir[4096];
  if (!cacheDir(dir, sizeof(dir)) || !solarHostArchPath(buf, size)) {
    snprintf(err, errSize, "no calibration cache: set SOLAR_CACHE_DIR or HOME");
    return false;
  }
  if (!makeDirs(dir)) {
    snprintf(err, errSize, "cannot create '%s': %s", dir, strerror(errno));
    return false;
  }
  return true;
}

bool solarResolveArchArgument(const char *value, char *buf, size_t size,
                              FILE *log, char *err, size_t errSize) {
  if (strcmp(value, "host") != 0) {
    if ((size_t)snprintf(buf, size, "%s", value) >= size) {
      snprintf(err, errSize, "--arch value too long");
      return false;
    }
    return true;
  }
  if (!solarHostArchPrepare(buf, size, err, errSize))
    return false;
  if (access(buf, R_OK) == 0)
    return true;
  if (log)
    fprintf(log, "solar: no calibration in %s; running 'solar calibrate'\n",
            buf);
  SolarCalibrateOptions options;
  solarCalibrateDefaults(&options);
  return solarCalibrate(&options, buf, log, err, errSize);
}
