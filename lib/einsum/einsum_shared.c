/* Builder state every lifting phase shares: warnings, printed names, isl
 * identifiers and the ops already claimed by a node. Calls back into no
 * phase, so the phases depend on it and not on the driver. */
#include "einsum_internal.h"
#include "solar/support/text.h"

#include "solar/support/diagnostics.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void warnText(EgBuilder *b, MlirLocation loc, const char *message) {
  b->warnings++;
  if (b->strict) {
    solarEmitError(loc, "%s (--solar-strict)", message);
    b->failed = true;
  } else {
    solarEmitWarning(loc, "%s", message);
  }
}

void egWarn(EgBuilder *b, MlirLocation loc, const char *fmt, ...) {
  char message[2048];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  warnText(b, loc, message);
}

void egSkip(EgBuilder *b, MlirLocation loc, const char *fmt, ...) {
  char message[2048], where[512];
  va_list args;
  va_start(args, fmt);
  vsnprintf(message, sizeof(message), fmt, args);
  va_end(args);
  char **grown =
      realloc(b->skipped, (size_t)(b->skippedCount + 1) * sizeof(char *));
  if (!grown)
    abort();
  b->skipped = grown;
  size_t size = strlen(message) + sizeof(where) + 2;
  b->skipped[b->skippedCount] = malloc(size);
  if (!b->skipped[b->skippedCount])
    abort();
  snprintf(b->skipped[b->skippedCount++], size, "%s: %s",
           solarLocationFormat(loc, where, sizeof(where)), message);
  warnText(b, loc, message);
}

static bool identifierTaken(EgBuilder *b, const char *name) {
  if (egNameSetHas(&b->islNames, name))
    return true;
  /* Statement tuples are S<n>; keep them unambiguous. */
  bool digitsAfterFirst = name[0] && name[1] &&
                          strspn(name + 1, "0123456789") == strlen(name + 1);
  if (name[0] == 'S' && digitsAfterFirst)
    return true;
  /* Dimensions are named by lower-case labels or d<n>: a parameter with
   * such a name would be read back as the dimension. */
  if ((name[0] && !name[1]) || (name[0] == 'd' && digitsAfterFirst))
    return true;
  return false;
}

char *egIslIdentifier(EgBuilder *b, const char *printed) {
  char base[256];
  size_t n = 0;
  for (const char *p = printed; *p && n + 1 < sizeof(base); ++p) {
    if (*p == '%' || *p == '@')
      continue;
    base[n++] = isalnum((unsigned char)*p) ? *p : '_';
  }
  base[n] = '\0';
  if (n == 0 || isdigit((unsigned char)base[0])) {
    memmove(base + 1, base, n + 1);
    base[0] = 'v';
  }
  char *name = egStrdup(base);
  for (int suffix = 1; identifierTaken(b, name); ++suffix) {
    free(name);
    name = solarFormat("%s_%d", base, suffix);
  }
  egNameSetAdd(&b->islNames, name);
  return name;
}

bool egClaimOp(EgBuilder *b, MlirOperation op) {
  intptr_t unused;
  if (egHandleMapGet(&b->claimed, op.ptr, &unused))
    return false;
  egHandleMapPut(&b->claimed, op.ptr, 1);
  return true;
}
