/* Reading and writing NumPy .npy files (solar/verify/verify_npy.h). */
#include "solar/verify/verify_npy.h"
#include "solar/support/grow.h"

#include "solar/support/input_file.h"

#include <ctype.h>
#include <inttypes.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char npyMagic[6] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

/* Limits on what a .npy file may claim, checked before anything is
 * allocated for it: numpy itself allows at most 64 dimensions and writes
 * headers of a few hundred bytes; 64 GiB is more reference data than a
 * verification run can hold in memory next to the computed results. */
enum { kNpyMaxRank = 64, kNpyMaxHeaderBytes = 1 << 20 };
static const uint64_t kNpyMaxFileBytes = (uint64_t)64 << 30;

void solarNpyArrayDestroy(SolarNpyArray *array) {
  free(array->shape);
  free(array->data);
  memset(array, 0, sizeof(*array));
}

/* ---- header dict parser ------------------------------------------------ */

typedef struct {
  const char *p;
  const char *end;
  char *err;
  size_t errSize;
} HeaderParser;

static void skipSpace(HeaderParser *hp) {
  while (hp->p < hp->end && isspace((unsigned char)*hp->p))
    hp->p++;
}

static bool headerFail(HeaderParser *hp, const char *what) {
  snprintf(hp->err, hp->errSize, "malformed .npy header: %s", what);
  return false;
}

static bool expectChar(HeaderParser *hp, char c, const char *what) {
  skipSpace(hp);
  if (hp->p >= hp->end || *hp->p != c)
    return headerFail(hp, what);
  hp->p++;
  return true;
}

/* A quoted string without escapes: numpy never writes any in these fields. */
static bool parseString(HeaderParser *hp, char *out, size_t outSize) {
  skipSpace(hp);
  if (hp->p >= hp->end || (*hp->p != '\'' && *hp->p != '"'))
    return headerFail(hp, "expected a quoted string");
  char quote = *hp->p++;
  const char *start = hp->p;
  while (hp->p < hp->end && *hp->p != quote) {
    if (*hp->p == '\\')
      return headerFail(hp, "escape sequences are not supported");
    /* A NUL would end the C string early: '<f8\0junk' must not read as
     * '<f8'. */
    unsigned char c = (unsigned char)*hp->p;
    if (c < 0x20 || c == 0x7f) {
      char what[64];
      snprintf(what, sizeof(what), "control character 0x%02x in a string", c);
      return headerFail(hp, what);
    }
    hp->p++;
  }
  if (hp->p >= hp->end)
    return headerFail(hp, "unterminated string");
  size_t length = (size_t)(hp->p - start);
  hp->p++;
  if (length + 1 > outSize)
    return headerFail(hp, "string too long");
  memcpy(out, start, length);
  out[length] = '\0';
  return true;
}

static bool parseBool(HeaderParser *hp, bool *value) {
  skipSpace(hp);
  size_t left = (size_t)(hp->end - hp->p);
  if (left >= 4 && strncmp(hp->p, "True", 4) == 0) {
    hp->p += 4;
    *value = true;
    return true;
  }
  if (left >= 5 && strncmp(hp->p, "False", 5) == 0) {
    hp->p += 5;
    *value = false;
    return true;
  }
  return headerFail(hp, "'fortran_order' must be True or False");
}

static bool parseDimension(HeaderParser *hp, int64_t *value) {
  skipSpace(hp);
  if (hp->p >= hp->end || !isdigit((unsigned char)*hp->p))
    return headerFail(hp, "shape entries must be non-negative integers");
  int64_t v = 0;
  while (hp->p < hp->end && isdigit((unsigned char)*hp->p)) {
    if (v > (INT64_MAX - 9) / 10)
      return headerFail(hp, "shape entry too large");
    v = v * 10 + (*hp->p++ - '0');
  }
  *value = v;
  return true;
}

/* A Python tuple of ints: `()`, `(5,)`, `(2, 3)`, `(2, 3,)`. A one-element
 * tuple needs its trailing comma, as in Python. */
static bool parseShape(HeaderParser *hp, int64_t **shape, int64_t *rank) {
  if (!expectChar(hp, '(', "'shape' must be a tuple"))
    return false;
  int64_t count = 0;
  size_t capacity = 0;
  int64_t *dims = NULL;
  bool sawTrailingComma = false;
  for (;;) {
    skipSpace(hp);
    if (hp->p < hp->end && *hp->p == ')') {
      hp->p++;
      break;
    }
    if (count > 0 && !sawTrailingComma) {
      free(dims);
      return headerFail(hp, "expected ',' or ')' in 'shape'");
    }
    int64_t dim;
    if (!parseDimension(hp, &dim)) {
      free(dims);
      return false;
    }
    if (count == kNpyMaxRank) {
      free(dims);
      char what[64];
      snprintf(what, sizeof(what), "'shape' has more than %d dimensions",
               kNpyMaxRank);
      return headerFail(hp, what);
    }
    dims = solarGrow(dims, &capacity, (size_t)count, sizeof(int64_t));
    dims[count++] = dim;
    skipSpace(hp);
    sawTrailingComma = hp->p < hp->end && *hp->p == ',';
    if (sawTrailingComma)
      hp->p++;
  }
  if (count == 1 && !sawTrailingComma) {
    free(dims);
    return headerFail(hp, "a one-element 'shape' needs a trailing comma");
  }
  *shape = dims;
  *rank = count;
  return true;
}

bool solarNpyParseHeader(const char *text, size_t length, char *descr,
                         size_t descrSize, bool *fortranOrder,
                         int64_t **shape, int64_t *rank, char *err,
                         size_t errSize) {
  HeaderParser hp = {text, text + length, err, errSize};
  bool haveDescr = false, haveOrder = false, haveShape = false;
  *shape = NULL;
  *rank = 0;
  if (!expectChar(&hp, '{', "expected '{'"))
    return false;
  bool ok = true;
  for (;;) {
    skipSpace(&hp);
    if (hp.p < hp.end && *hp.p == '}') {
      hp.p++;
      break;
    }
    char key[32];
    if (!parseString(&hp, key, sizeof(key)) ||
        !expectChar(&hp, ':', "expected ':' after a key")) {
      ok = false;
      break;
    }
    bool *seen = NULL;
    if (strcmp(key, "descr") == 0) {
      seen = &haveDescr;
      ok = !haveDescr && parseString(&hp, descr, descrSize);
    } else if (strcmp(key, "fortran_order") == 0) {
      seen = &haveOrder;
      ok = !haveOrder && parseBool(&hp, fortranOrder);
    } else if (strcmp(key, "shape") == 0) {
      seen = &haveShape;
      ok = !haveShape && parseShape(&hp, shape, rank);
    } else {
      snprintf(err, errSize, "malformed .npy header: unexpected key '%s'",
               key);
      ok = false;
    }
    if (ok)
      *seen = true;
    else if (seen && *seen)
      snprintf(err, errSize, "malformed .npy header: key '%s' given twice",
               key);
    if (!ok)
      break;
    skipSpace(&hp);
    if (hp.p < hp.end && *hp.p == ',') {
      hp.p++;
      continue;
    }
    if (!expectChar(&hp, '}', "expected ',' or '}'")) {
      ok = false;
      break;
    }
    break;
  }
  if (ok) {
    skipSpace(&hp);
    if (hp.p != hp.end)
      ok = headerFail(&hp, "text after the closing '}'");
  }
  if (ok && !(haveDescr && haveOrder && haveShape))
    ok = headerFail(&hp, "'descr', 'fortran_order' and 'shape' are required");
  if (!ok) {
    free(*shape);
    *shape = NULL;
    *rank = 0;
  }
  return ok;
}

/* ---- reading ---------------------------------------------------------- */

static bool readExactly(FILE *file, void *buf, size_t size) {
  return fread(buf, 1, size, file) == size;
}

static bool elementCount(const int64_t *shape, int64_t rank, size_t elemSize,
                         size_t *count) {
  size_t n = 1;
  for (int64_t i = 0; i < rank; ++i) {
    if (shape[i] != 0 && n > SIZE_MAX / elemSize / (size_t)shape[i])
      return false;
    n *= (size_t)shape[i];
  }
  *count = n;
  return true;
}

static bool readOpenFile(FILE *file, uint64_t fileBytes, SolarNpyArray *out,
                         char *err, size_t errSize) {
  unsigned char prefix[8];
  if (!readExactly(file, prefix, sizeof(prefix)) ||
      memcmp(prefix, npyMagic, sizeof(npyMagic)) != 0) {
    snprintf(err, errSize, "not a .npy file (no \\x93NUMPY magic)");
    return false;
  }
  unsigned major = prefix[6];
  size_t headerLength = 0;
  if (major == 1) {
    unsigned char len[2];
    if (!readExactly(file, len, 2)) {
      snprintf(err, errSize, "truncated .npy header");
      return false;
    }
    headerLength = (size_t)len[0] | (size_t)len[1] << 8;
  } else if (major == 2 || major == 3) {
    /* 3.0 only allows UTF-8 in structured field names, which solar rejects
     * anyway, so it reads like 2.0. */
    unsigned char len[4];
    if (!readExactly(file, len, 4)) {
      snprintf(err, errSize, "truncated .npy header");
      return false;
    }
    headerLength = (size_t)len[0] | (size_t)len[1] << 8 |
                   (size_t)len[2] << 16 | (size_t)len[3] << 24;
  } else {
    snprintf(err, errSize, "unsupported .npy format version %u.%u", major,
             prefix[7]);
    return false;
  }
  size_t prefixBytes = major == 1 ? 10 : 12;
  if (headerLength > kNpyMaxHeaderBytes) {
    snprintf(err, errSize,
             "the .npy header claims %zu bytes, more than the limit of %d",
             headerLength, kNpyMaxHeaderBytes);
    return false;
  }
  if (prefixBytes + headerLength > fileBytes) {
    snprintf(err, errSize,
             "truncated .npy header: it claims %zu bytes, the file has %" PRIu64,
             headerLength, fileBytes - prefixBytes);
    return false;
  }
  char *header = malloc(headerLength + 1);
  if (!header)
    abort();
  if (!readExactly(file, header, headerLength)) {
    free(header);
    snprintf(err, errSize, "truncated .npy header");
    return false;
  }
  header[headerLength] = '\0';
  char descr[32];
  bool fortranOrder = false;
  int64_t *shape = NULL, rank = 0;
  bool ok = solarNpyParseHeader(header, headerLength, descr, sizeof(descr),
                                &fortranOrder, &shape, &rank, err, errSize);
  free(header);
  if (!ok)
    return false;
  SolarDtype dtype = solarVerifyDtypeFromNpyDescr(descr);
  size_t count = 0;
  if (dtype == SOLAR_DTYPE_INVALID) {
    snprintf(err, errSize,
             "unsupported .npy dtype '%s' (supported: <f8 <f4 <f2 <u2(bf16 "
             "bits) <i8 <i4 |i1 |b1, little-endian)",
             descr);
    ok = false;
  } else if (fortranOrder) {
    snprintf(err, errSize,
             "Fortran-order .npy data is not supported (save a C-contiguous "
             "array)");
    ok = false;
  } else if (!elementCount(shape, rank, solarVerifyDtypeSize(dtype), &count)) {
    snprintf(err, errSize, ".npy shape is too large");
    ok = false;
  }
  if (!ok) {
    free(shape);
    return false;
  }
  size_t bytes = count * solarVerifyDtypeSize(dtype);
  /* The shape is checked against the file's size before the allocation: a
   * 129-byte file may claim terabytes. */
  uint64_t available = fileBytes - prefixBytes - headerLength;
  if (bytes > available) {
    snprintf(err, errSize,
             "truncated .npy data: shape needs %zu bytes, file has %" PRIu64,
             bytes, available);
    free(shape);
    return false;
  }
  void *data = malloc(bytes ? bytes : 1);
  if (!data) {
    /* Under an address-space or memory limit a large array may not fit:
     * an error naming the size, never abort(). */
    snprintf(err, errSize,
             "cannot allocate %zu bytes (%.3g GiB) for the data: not enough "
             "memory (or over this process's address-space limit)",
             bytes, (double)bytes / 1073741824.0);
    free(shape);
    return false;
  }
  size_t got = fread(data, 1, bytes, file);
  if (got != bytes) {
    snprintf(err, errSize,
             "truncated .npy data: shape needs %zu bytes, file has %zu",
             bytes, got);
    ok = false;
  } else if (fgetc(file) != EOF) {
    snprintf(err, errSize, ".npy file has bytes after the %zu data bytes",
             bytes);
    ok = false;
  }
  if (!ok) {
    free(shape);
    free(data);
    return false;
  }
  out->dtype = dtype;
  out->rank = rank;
  out->shape = shape;
  out->count = count;
  out->data = data;
  return true;
}

bool solarNpyRead(const char *path, SolarNpyArray *out, char *err,
                  size_t errSize) {
  memset(out, 0, sizeof(*out));
  uint64_t fileBytes = 0;
  FILE *file =
      solarOpenInputFile(path, kNpyMaxFileBytes, &fileBytes, err, errSize);
  if (!file)
    return false;
  bool ok = readOpenFile(file, fileBytes, out, err, errSize);
  fclose(file);
  return ok;
}

/* ---- writing ---------------------------------------------------------- */

bool solarNpyWrite(const char *path, const SolarNpyArray *array, char *err,
                   size_t errSize) {
  char dict[1024];
  int used = snprintf(dict, sizeof(dict),
                      "{'descr': '%s', 'fortran_order': False, 'shape': (",
                      solarVerifyDtypeNpyDescr(array->dtype));
  for (int64_t i = 0; i < array->rank && used < (int)sizeof(dict); ++i)
    used += snprintf(dict + used, sizeof(dict) - (size_t)used, "%s%lld",
                     i ? ", " : "", (long long)array->shape[i]);
  if (used < (int)sizeof(dict))
    used += snprintf(dict + used, sizeof(dict) - (size_t)used, "%s), }",
                     array->rank == 1 ? "," : "");
  if (used >= (int)sizeof(dict) - 80) {
    snprintf(err, errSize, "shape too long for a .npy header");
    return false;
  }
  /* numpy pads the header with spaces so that the data starts on a 64-byte
   * boundary, and ends it with a newline. */
  size_t total = 10 + (size_t)used + 1;
  size_t padded = (total + 63) / 64 * 64;
  size_t headerLength = padded - 10;
  FILE *file = fopen(path, "wb");
  if (!file) {
    snprintf(err, errSize, "cannot create: %s", strerror(errno));
    return false;
  }
  unsigned char prefix[10];
  memcpy(prefix, npyMagic, sizeof(npyMagic));
  prefix[6] = 1;
  prefix[7] = 0;
  prefix[8] = (unsigned char)(headerLength & 0xff);
  prefix[9] = (unsigned char)(headerLength >> 8);
  bool ok = fwrite(prefix, 1, sizeof(prefix), file) == sizeof(prefix) &&
            fwrite(dict, 1, (size_t)used, file) == (size_t)used;
  for (size_t i = 10 + (size_t)used; ok && i + 1 < padded; ++i)
    ok = fputc(' ', file) != EOF;
  ok = ok && fputc('\n', file) != EOF;
  size_t bytes = array->count * solarVerifyDtypeSize(array->dtype);
  ok = ok && fwrite(array->data, 1, bytes, file) == bytes;
  if (fclose(file) != 0)
    ok = false;
  if (!ok)
    snprintf(err, errSize, "write failed: %s", strerror(errno));
  return ok;
}
