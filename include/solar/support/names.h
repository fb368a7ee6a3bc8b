/* The name of an enum value from a table indexed by the value: the one
 * lookup behind every solar*Name of an enum (severities, origins, memory
 * kinds, argument roles), so each is a designated-initializer table, not
 * a switch of returns. */
#ifndef SOLAR_SUPPORT_NAMES_H
#define SOLAR_SUPPORT_NAMES_H

#include <stddef.h>

/* names[value] when value indexes a named entry of the table of `count`
 * entries, else `fallback`. */
static inline const char *solarNameOf(const char *const *names, size_t count,
                                      long value, const char *fallback) {
  return value >= 0 && (size_t)value < count && names[value] ? names[value]
                                                             : fallback;
}

#define SOLAR_NAME_OF(names, value, fallback)                                  \
  solarNameOf((names), sizeof(names) / sizeof((names)[0]), (long)(value),      \
              (fallback))

#endif
