/* Counting the integer points of an isl set without enumerating them.
 *
 * isl 0.25 has no isl_set_card (that lives in barvinok) and isl_set_count_val
 * scans every point, so solar sums symbolically: the innermost dimension is
 * summed first with Faulhaber's formulas, giving a quasi-polynomial in the
 * outer dimensions and parameters, and so on outwards. The cost depends on
 * the number of constraints and pieces, never on the size of the set. See
 * docs/einsum-graph.md ("Counting points") for what is exact. */
#ifndef SOLAR_COUNT_COUNT_H
#define SOLAR_COUNT_COUNT_H

#include <isl/polynomial.h>
#include <isl/set.h>
#include <isl/val.h>

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  /* Number of points as a function of the set's parameters (zero where the
   * set is empty). NULL when counting failed (unbounded set). Owned. */
  isl_pw_qpolynomial *count;
  /* False when some step had to over-approximate (a dimension that is not
   * a lattice segment, or the bounding-box fallback); the count is then an
   * upper bound. */
  bool exact;
} SolarCount;

/* Counts the points of `set` (kept). Returns false only when the set is
 * unbounded, or isl failed; out->count is then NULL. */
bool solarCountSet(__isl_keep isl_set *set, SolarCount *out);

/* solarCountSet within `budget` isl operations (isl_ctx_set_max_operations;
 * 0: the default budget). *exhausted (may be NULL) tells whether isl ran
 * out of it, and the count is then the bounding-box fallback. */
bool solarCountSetBudgeted(__isl_keep isl_set *set, unsigned long budget,
                        SolarCount *out, bool *exhausted);
unsigned long solarCountDefaultBudget(void);

/* A memo of counts within one analysis: many nests share the same sets
 * (every layer of a chain has the same domain and footprints), and counting
 * is the expensive step. Keys are the sets with their tuple and dimension
 * names dropped, so S3[m, n] and S7[m, n] with the same constraints share an
 * entry. The cache owns its isl objects; destroy it before their isl_ctx. */
typedef struct SolarCountCache SolarCountCache;
SolarCountCache *solarCountCacheCreate(void);
void solarCountCacheDestroy(SolarCountCache *cache);
/* solarCountSet through the cache (NULL cache: plain solarCountSet). Once a
 * count of the analysis has exhausted its isl budget, later counts get a
 * sixteenth of it: the sets of one function share the parameters and
 * constants that made isl's arithmetic blow up, and their fallbacks are
 * sound (docs/einsum-graph.md, "Counting"), so one such function costs
 * about two budgets instead of one per set. */
bool solarCountSetCached(SolarCountCache *cache, __isl_keep isl_set *set,
                      SolarCount *out);

/* Shortcuts solarCountSetBudgeted takes before summing (the summation costs
 * milliseconds per set even on a plain box; a network counts thousands).
 * Each gives the value, exactness and form the summation gives.
 *
 * A box (every constraint bounds one dimension by a constant; no
 * parameter or existential variable involved), or a union of at most 64
 * such boxes, which isl_set_make_disjoint (the summation's first step)
 * splits into disjoint boxes: the product of the extents, summed over the
 * boxes, read off the constraints. False, with *out untouched, for any
 * other set. */
bool solarCountBox(__isl_keep isl_set *set, SolarCount *out);

/* The bounds of each dimension of a set that is one non-empty box (as in
 * solarCountBox): lo[d] <= x_d <= hi[d], values the caller frees. False, and
 * every entry NULL, for any other set. */
bool solarCountBoxBounds(__isl_keep isl_set *set, isl_val **lo, isl_val **hi);

/* The count of a set that is the product of independent parts (groups of
 * dimensions no constraint relates), each counted on its own (through
 * `cache` when not NULL, else within `budget`): what the summation gives,
 * at the cost of the parts' far smaller sums. A union (at most 64 pieces,
 * no existential variables) is made disjoint, as the summation does
 * first, and its cells (boxes or such products) counted one by one. False,
 * with *out untouched, when a set or cell has no two parts or a part is
 * not counted exactly. */
bool solarCountByComponents(SolarCountCache *cache, __isl_keep isl_set *set,
                         unsigned long budget, SolarCount *out);

/* The summation alone (solarCountSetBudgeted without the shortcuts above):
 * for tests comparing the shortcuts with it. */
bool solarCountSetSummed(__isl_keep isl_set *set, unsigned long budget,
                      SolarCount *out, bool *exhausted);

/* Product of the extents of every dimension: an upper bound, used when
 * exact counting is impossible. */
bool solarCountBoundingBox(__isl_keep isl_set *set, SolarCount *out);

/* A lower bound on the points of `set` (kept) where its count is not
 * exact: the most points of its projection onto one dimension (each
 * counted exactly, parameter-free; 0 when none is), never more than the
 * set has. For figures that must not overstate (count_lower.c). */
int64_t solarCountLowerBound(__isl_keep isl_set *set);

/* The count as an int64 when it does not depend on parameters. */
bool solarCountConstant(const SolarCount *count, int64_t *value);

/* isl's printed form of the count (caller frees), or NULL. */
char *solarCountToStr(const SolarCount *count);

/* Scales the count by an integer: used for op totals. Returns a new
 * pw_qpolynomial the caller owns. */
__isl_give isl_pw_qpolynomial *solarCountScaled(const SolarCount *count,
                                             int64_t factor);

void solarCountClear(SolarCount *count);

/* Converts an integral isl_val to int64, saturated at INT64_MAX/MIN when it
 * does not fit (counted: solarCountSaturatedTotal); false when it is not an
 * integer. Takes v. */
bool solarCountValToInt64(__isl_take isl_val *v, int64_t *out);

/* Counts solarCountValToInt64 has saturated so far (compare two readings). */
unsigned long solarCountSaturatedTotal(void);

/* An integral pw_qpolynomial without parameter dependence as an int64. */
bool solarCountPwQpolynomialConstant(__isl_keep isl_pw_qpolynomial *pwqp,
                             int64_t *value);

/* Floors in symbolic counts. isl simplifies a quasi-polynomial over its
 * integer divisions (gist, affine hull) whenever it reads, adds or
 * subtracts one, at a cost that grows steeply with their number: reading
 * 16 distinct floors takes 0.2 s, 32 take 4 s, 64 take minutes (a loop of
 * step 3 around one of step 64 on a symbolic size counts to 64). Counts
 * with more fall back to their bounding box (inexact); sums and texts with
 * more are refused, so a symbolic figure becomes an error, never a hang. */
enum { SOLAR_COUNT_MAX_EXPRESSION_DIVS = 16 };
/* The most integer divisions of one piece, or isl_size_error. */
isl_size solarCountPwQpolynomialDivs(__isl_keep isl_pw_qpolynomial *pw);
bool solarCountPwQpolynomialWithinLimit(__isl_keep isl_pw_qpolynomial *pw);
/* a + b (both taken), or NULL when the operands together have more
 * floors than the limit allows. */
__isl_give isl_pw_qpolynomial *
solarCountPwQpolynomialAddBounded(__isl_take isl_pw_qpolynomial *a,
                          __isl_take isl_pw_qpolynomial *b);
/* Running sums of op counts (either operand may be NULL: nothing yet). A
 * sum the limit refuses keeps `a` alone, frees `b` and sets *dropped: op
 * counts are never negative, so the partial sum is a lower bound, and the
 * caller marks it inexact. */
__isl_give isl_pw_qpolynomial *
solarCountPwQpolynomialAddOrKeep(__isl_take isl_pw_qpolynomial *a,
                         __isl_take isl_pw_qpolynomial *b, bool *dropped);
/* Whether isl's printed form `text` has at most SOLAR_COUNT_MAX_EXPRESSION_DIVS
 * distinct floors: checked before reading a count from an attribute. */
bool solarCountExpressionTextWithinLimit(const char *text);

#endif
