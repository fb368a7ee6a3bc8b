/* Driver flags that set an option for every solar pass (`--solar-arch=X`
 * becomes option `arch=X`). Passes read the keys they understand. */
#ifndef SOLAR_OPT_GLOBAL_OPTIONS_H
#define SOLAR_OPT_GLOBAL_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  const char *flag;        /* without leading dashes */
  const char *key;         /* option key the passes read */
  bool takesValue;         /* false: a bare switch, value "true" */
  const char *help;
} GlobalOption;

size_t globalOptionCount(void);
const GlobalOption *globalOptionAt(size_t index);
const GlobalOption *globalOptionLookup(const char *flag);

#endif
