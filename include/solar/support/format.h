/* printf into a fresh heap string. */
#ifndef SOLAR_FORMAT_H
#define SOLAR_FORMAT_H

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The formatted text, malloc'ed (caller frees); aborts when out of memory.
 * solarFormatV leaves `args` consumed, as vsnprintf does. */
char *solarFormat(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *solarFormatV(const char *fmt, va_list args)
    __attribute__((format(printf, 1, 0)));

#ifdef __cplusplus
}
#endif

#endif
