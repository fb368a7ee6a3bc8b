/* `--arch host`: the calibration file of this machine, calibrated on first
 * use and cached in $SOLAR_CACHE_DIR/host.yaml (default
 * $XDG_CACHE_HOME/solar, else $HOME/.cache/solar). */
#ifndef SOLAR_CLI_HOST_ARCH_H
#define SOLAR_CLI_HOST_ARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The cache path of the host file (the directory may not exist yet). */
bool solarHostArchPath(char *buf, size_t size);

/* The cache path, with its directory created. False with a message. */
bool solarHostArchPrepare(char *buf, size_t size, char *err, size_t errSize);

/* Resolves an --arch value: "host" becomes the cached host file, which is
 * calibrated first (default options; progress on log) when missing; any
 * other value is copied unchanged. False with a message on failure. */
bool solarResolveArchArgument(const char *value, char *buf, size_t size,
                              FILE *log, char *err, size_t errSize);

#endif
