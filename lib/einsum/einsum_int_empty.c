/* Integer emptiness of a small system of rows by exact eliminations (see
 * einsum_int_empty.h). */
#include "einsum_int_empty.h"

#include <stdlib.h>
#include <string.h>

int64_t *egIntSystemRow(EgIntSystem *s, bool eq) {
  int at = s->count < EG_INT_MAX_ROWS ? s->count++ : EG_INT_MAX_ROWS;
  if (at == EG_INT_MAX_ROWS)
    s->overflow = true;
  s->eq[at] = eq;
  memset(s->c[at], 0, sizeof(s->c[at]));
  return s->c[at];
}

static int64_t magnitude(int64_t v) { return v < 0 ? -v : v; }

int64_t egIntGcd(int64_t a, int64_t b) {
  while (b) {
    int64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

int64_t egIntFloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  return q * b > a ? q - 1 : q;
}

typedef enum { KEEP, DROP, NO_SOLUTION } Normal;

/* Divides row r by the gcd of its coefficients; a row without variables
 * holds or has no solution. */
static Normal normalize(EgIntSystem *s, int r) {
  int64_t *c = s->c[r];
  int64_t g = 0;
  for (int v = 0; v < s->vars; ++v)
    g = egIntGcd(g, magnitude(c[1 + v]));
  if (!g)
    return (s->eq[r] ? c[0] != 0 : c[0] < 0) ? NO_SOLUTION : DROP;
  if (s->eq[r]) {
    if (c[0] % g)
      return NO_SOLUTION;
    c[0] /= g;
  } else {
    c[0] = egIntFloorDiv(c[0], g);
  }
  for (int v = 0; v < s->vars; ++v)
    c[1 + v] /= g;
  return KEEP;
}

/* dst := dst + k * src; false on overflow. */
static bool addScaled(int64_t *dst, int64_t k, const int64_t *src, int n) {
  for (int j = 0; j < n; ++j) {
    int64_t t;
    if (__builtin_mul_overflow(k, src[j], &t) ||
        __builtin_add_overflow(dst[j], t, &dst[j]))
      return false;
  }
  return true;
}

/* Normalises every row, dropping those that hold: false where one has no
 * solution. */
static bool normalizeAll(EgIntSystem *s) {
  int kept = 0;
  for (int r = 0; r < s->count; ++r) {
    Normal n = normalize(s, r);
    if (n == NO_SOLUTION)
      return false;
    if (n == DROP)
      continue;
    if (kept != r) {
      s->eq[kept] = s->eq[r];
      memcpy(s->c[kept], s->c[r], sizeof(s->c[r]));
    }
    ++kept;
  }
  s->count = kept;
  return true;
}

/* Substitutes away the variable of an equality with a +-1 coefficient:
 * 1 done, 0 no such equality, -1 overflow. */
static int substitute(EgIntSystem *s) {
  for (int e = 0; e < s->count; ++e) {
    if (!s->eq[e])
      continue;
    for (int v = 0; v < s->vars; ++v) {
      int64_t a = s->c[e][1 + v];
      if (a != 1 && a != -1)
        continue;
      for (int r = 0; r < s->count; ++r) {
        int64_t b = s->c[r][1 + v];
        /* a * a = 1: row r's coefficient of v becomes b - b = 0. */
        if (r != e && b &&
            (b == INT64_MIN ||
             !addScaled(s->c[r], -b * a, s->c[e], 1 + s->vars)))
          return -1;
      }
      s->eq[e] = s->eq[s->count - 1];
      memcpy(s->c[e], s->c[s->count - 1], sizeof(s->c[e]));
      --s->count;
      return 1;
    }
  }
  return 0;
}

/* The variable whose coefficients are all 0 or +-1, fewest new rows
 * first; -1 where none. */
static int unitVariable(const EgIntSystem *s) {
  int best = -1;
  long bestPairs = 0;
  for (int v = 0; v < s->vars; ++v) {
    long lower = 0, upper = 0;
    bool unit = true;
    for (int r = 0; r < s->count && unit; ++r) {
      int64_t a = s->c[r][1 + v];
      lower += a == 1;
      upper += a == -1;
      unit = a >= -1 && a <= 1;
    }
    if (unit && lower + upper && (best < 0 || lower * upper < bestPairs)) {
      best = v;
      bestPairs = lower * upper;
    }
  }
  return best;
}

/* Eliminates v from s into next: false where the rows do not fit. */
static bool eliminate(const EgIntSystem *s, int v, EgIntSystem *next) {
  next->vars = s->vars;
  next->count = 0;
  next->overflow = false;
  for (int r = 0; r < s->count; ++r)
    if (!s->c[r][1 + v])
      memcpy(egIntSystemRow(next, false), s->c[r], sizeof(s->c[r]));
  for (int lo = 0; lo < s->count; ++lo) {
    if (s->c[lo][1 + v] != 1)
      continue;
    for (int up = 0; up < s->count; ++up) {
      if (s->c[up][1 + v] != -1)
        continue;
      /* v >= -l(x) and v <= u(x): an integer v exists iff l(x) + u(x) >= 0
       * (both integers at integer x). */
      int64_t *row = egIntSystemRow(next, false);
      memcpy(row, s->c[lo], sizeof(s->c[lo]));
      if (!addScaled(row, 1, s->c[up], 1 + s->vars))
        return false;
    }
  }
  return !next->overflow;
}

static EgIntAnswer solve(EgIntSystem *s, EgIntSystem *next) {
  for (;;) {
    if (!normalizeAll(s))
      return EG_INT_EMPTY;
    if (!s->count)
      return EG_INT_NONEMPTY;
    int substituted = substitute(s);
    if (substituted < 0)
      return EG_INT_UNKNOWN;
    if (substituted)
      continue;
    for (int r = 0; r < s->count; ++r)
      if (s->eq[r]) /* an equality without a +-1 coefficient */
        return EG_INT_UNKNOWN;
    int v = unitVariable(s);
    if (v < 0 || !eliminate(s, v, next))
      return EG_INT_UNKNOWN;
    EgIntSystem *t = s;
    s = next;
    next = t;
  }
}

EgIntAnswer egIntSystemEmpty(const EgIntSystem *s) {
  if (s->overflow)
    return EG_INT_UNKNOWN;
  EgIntSystem *work = malloc(2 * sizeof(*work));
  if (!work)
    abort();
  work[0].vars = s->vars;
  work[0].count = s->count;
  work[0].overflow = false;
  memcpy(work[0].eq, s->eq, (size_t)s->count * sizeof(s->eq[0]));
  memcpy(work[0].c, s->c, (size_t)s->count * sizeof(s->c[0]));
  EgIntAnswer answer = solve(&work[0], &work[1]);
  free(work);
  return answer;
}
