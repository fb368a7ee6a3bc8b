/* Whether a small system of integer rows has an integer solution, decided
 * exactly without isl where every step is exact (einsum_int_empty.c), for
 * the subset and disjointness tests of einsum_unskipped_blocks.c.
 *
 * The rows are a padded convolution's row or column constraints (a dim,
 * its kernel tap, a sum of both, a stride's existential variable): every
 * variable's coefficient is 0 or +-1 in all rows, or a row fixes it alone.
 * Such a variable is eliminated exactly over the integers: for integer
 * values of the others its lower and upper bounds are integers, so an
 * integer value exists between them exactly when every lower bound is at
 * most every upper bound (Fourier-Motzkin, one new row per pair). An
 * equality with a +-1 coefficient substitutes its variable away; a row's
 * coefficients are divided by their gcd (an inequality's constant rounded
 * down, an equality whose constant the gcd does not divide has no
 * solution). Where no variable is left that these steps eliminate, or the
 * rows or coefficients outgrow the limits, the answer is "unknown" and the
 * caller asks isl: the answer given is never a guess. Each step costs the
 * rows' size, never the sets' extents. */
#ifndef SOLAR_EINSUM_INT_EMPTY_H
#define SOLAR_EINSUM_INT_EMPTY_H

#include <stdbool.h>
#include <stdint.h>

enum { EG_INT_MAX_VARS = 24, EG_INT_MAX_ROWS = 96 };

/* Rows c[0] + sum_v c[1 + v] x_v >= 0 (= 0 where eq). */
typedef struct {
  int vars, count;
  bool overflow; /* a row did not fit: the answer is unknown */
  bool eq[EG_INT_MAX_ROWS + 1];
  /* The last row is the scratch row handed out when there is no room. */
  int64_t c[EG_INT_MAX_ROWS + 1][1 + EG_INT_MAX_VARS];
} EgIntSystem;

typedef enum { EG_INT_EMPTY, EG_INT_NONEMPTY, EG_INT_UNKNOWN } EgIntAnswer;

/* A new zero row (the system's overflow flag set, and a scratch row
 * returned, where there is no room). */
int64_t *egIntSystemRow(EgIntSystem *s, bool eq);

/* gcd(a, b) of a, b >= 0; floor(a / b) for b > 0. */
int64_t egIntGcd(int64_t a, int64_t b);
int64_t egIntFloorDiv(int64_t a, int64_t b);

/* Whether the system has no integer solution. */
EgIntAnswer egIntSystemEmpty(const EgIntSystem *s);

#endif
