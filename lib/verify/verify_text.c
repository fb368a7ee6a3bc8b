/* Shape formatting for the verify messages (solar/verify/verify_text.h). */
#include "solar/verify/verify_text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void solarFormatShape(const int64_t *shape, int64_t rank, char *buf,
                      size_t size) {
  size_t used = (size_t)snprintf(buf, size, "[");
  for (int64_t d = 0; d < rank && used < size; ++d)
    used += (size_t)snprintf(buf + used, size - used, "%s%lld", d ? ", " : "",
                             (long long)shape[d]);
  if (used < size)
    snprintf(buf + used, size - used, "]");
}
