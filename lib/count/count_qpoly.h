/* Quasi-polynomial algebra for the point counter (count_set.c): isl
 * cannot substitute into polynomials with floors, so a pullback rebuilds
 * each term from its factors; plus floor periods and Faulhaber sums. */
#ifndef SOLAR_COUNT_QPOLY_H
#define SOLAR_COUNT_QPOLY_H

#include <isl/aff.h>
#include <isl/polynomial.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdbool.h>

/* Limits that keep pathological inputs from exploding; exceeding one falls
 * back to the bounding box (inexact), never to enumeration. */
enum {
  kMaxPeriod = 64,  /* residue classes per split */
  kMaxDegree = 24,  /* polynomial degree in one variable */
};

typedef struct {
  isl_multi_aff *ma;    /* new space -> old space (kept) */
  isl_space *newSpace;  /* kept */
  int skip;             /* old dimension whose factor is left out, or -1 */
  int normPos;          /* new dimension to take out of floors, or -1 */
  isl_qpolynomial *groups[kMaxDegree + 1]; /* by exponent of `skip` */
  int maxExponent;
  bool failed;
} CountQpRebuild;

__isl_give isl_qpolynomial *countQpPower(__isl_take isl_qpolynomial *q, int e);
/* Rebuilds f over rb->newSpace; on success rb->groups[e] holds the
 * coefficient of old dimension rb->skip to the power e (all of f in
 * groups[0] when skip < 0). */
bool countQpRebuild(__isl_keep isl_qpolynomial *f, CountQpRebuild *rb);
/* f(ma(x)) as a quasi-polynomial on newSpace. */
__isl_give isl_qpolynomial *countQpPullback(__isl_keep isl_qpolynomial *f,
                                         __isl_keep isl_multi_aff *ma,
                                         __isl_keep isl_space *newSpace,
                                         int normPos);
__isl_give isl_val *countValLcm(__isl_take isl_val *a, __isl_take isl_val *b);
/* A multiple of the period in dimension `pos` of the floor `inner`, or 0
 * when the floor does not depend on it. */
long countFloorPeriod(__isl_keep isl_aff *inner, int pos);
/* The number of residue classes of dimension pos that makes every floor of
 * f independent of it (1 when none depends on it; kMaxPeriod + 1: too many). */
long countQpPeriod(__isl_keep isl_qpolynomial *f, int pos);
/* F[e] = sum_{t=0}^{T} t^e for e = 0..degree (F has degree + 1 entries,
 * given to the caller). */
void countFaulhaber(__isl_keep isl_aff *T, int degree,
                 __isl_give isl_qpolynomial **F);

#endif
