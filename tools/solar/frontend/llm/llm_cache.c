/* The cache of verified translations: one file per key under
 * $SOLAR_CACHE_DIR (default ~/.cache/solar/translations), named by the
 * SHA-256 of everything the translation depends on (the caller builds
 * that text). Entries are written to a temporary file and renamed, so a
 * reader never sees half an entry. */
#include "llm.h"
#include "solar/support/files.h"

#include <openssl/evp.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *solarLlmCacheDir(void) {
  const char *dir = getenv("SOLAR_CACHE_DIR");
  if (dir && *dir) {
    char *copy = strdup(dir);
    if (!copy)
      abort();
    return copy;
  }
  const char *home = getenv("HOME");
  if (!home || !*home)
    return NULL;
  return solarPathJoin(home, ".cache/solar/translations");
}

bool solarSha256Hex(const void *data, size_t length, char hex[65]) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int digestLength = 0;
  if (!EVP_Digest(data, length, digest, &digestLength, EVP_sha256(), NULL) ||
      digestLength != 32)
    return false;
  for (unsigned i = 0; i < digestLength; ++i)
    snprintf(hex + 2 * i, 3, "%02x", digest[i]);
  return true;
}

char *solarLlmCachePath(const char *dir, const char *key) {
  size_t size = strlen(key) + 6;
  char *name = malloc(size);
  if (!name)
    abort();
  snprintf(name, size, "%s.mlir", key);
  char *path = solarPathJoin(dir, name);
  free(name);
  return path;
}

char *solarLlmCacheLoad(const char *dir, const char *key) {
  char *path = solarLlmCachePath(dir, key);
  size_t length = 0;
  char *text = solarReadFile(path, &length);
  free(path);
  /* An empty entry is a miss, as a missing one. */
  if (text && length == 0) {
    free(text);
    text = NULL;
  }
  return text;
}

/* mkdir -p */
static bool makeDirs(const char *dir, char *err, size_t errSize) {
  char *path = strdup(dir);
  if (!path)
    abort();
  for (char *p = path + 1;; ++p) {
    if (*p != '/' && *p != '\0')
      continue;
    char saved = *p;
    *p = '\0';
    if (mkdir(path, 0755) != 0 && errno != EEXIST) {
      snprintf(err, errSize, "cannot create %s: %s", path, strerror(errno));
      free(path);
      return false;
    }
    *p = saved;
    if (!saved)
      break;
  }
  free(path);
  return true;
}

bool solarLlmCacheStore(const char *dir, const char *key, const char *text,
                        char *err, size_t errSize) {
  if (!makeDirs(dir, err, errSize))
    return false;
  char *path = solarLlmCachePath(dir, key);
  size_t size = strlen(path) + 32;
  char *temporary = malloc(size);
  if (!temporary)
    abort();
  snprintf(temporary, size, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(temporary, "wb");
  bool ok = f != NULL;
  if (ok) {
    size_t length = strlen(text);
    ok = fwrite(text, 1, length, f) == length;
    ok = fclose(f) == 0 && ok;
  }
  if (ok)
    ok = rename(temporary, path) == 0;
  if (!ok) {
    snprintf(err, errSize, "cannot write %s: %s", path, strerror(errno));
    unlink(temporary);
  }
  free(temporary);
  free(path);
  return ok;
}
