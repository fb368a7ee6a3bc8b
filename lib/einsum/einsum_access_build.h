/* Access relations of a node, between einsum_statement.c (which finds
 * the loads and stores of a node) and einsum_access_build.c (which turns
 * each into the node's access: relation, image, footprint). */
#ifndef SOLAR_EINSUM_ACCESS_BUILD_H
#define SOLAR_EINSUM_ACCESS_BUILD_H

#include "einsum_box_rows.h"
#include "einsum_internal.h"

/* A load or store as found, on the space of its own scope. */
typedef struct {
  MlirOperation op;
  EgScope *scope;
  int tensor;
  bool write;
  isl_multi_pw_aff *indices; /* NULL: not affine; owned; range anonymous */
  /* Accesses with equal index shapes have indices of the same
   * representation up to the tensor's name; 0 or -1: not known. */
  int indexShape;
} EgRawAccess;

/* Converts the access of a load/store; false (after a warning) when it is
 * not affine and is over-approximated. */
bool egMakeRawAccess(EgBuilder *b, MlirOperation op, bool write,
                     EgRawAccess *r);
/* Appends the node's access through raw (kept). */
void egBuildAccess(EgBuilder *b, EgNode *node, EgRawAccess *raw);
/* solarCountSetCached of the node's domain into node->points, once per
 * scope shape (the domain is its scope's, renamed). */
bool egCountNodeDomain(EgBuilder *b, EgNode *node);
/* egFindReductionDims for the node's write, built from raw (its first
 * access), once per access shape. */
bool egFindReductionDimsOnce(EgBuilder *b, EgNode *node,
                             const EgRawAccess *raw);
/* isl_map_is_equal of the relations of two accesses a and other of the
 * node (built from ra and rb), once per pair of access shapes. */
bool egAccessMapsEqual(EgBuilder *b, EgNode *node, const EgRawAccess *ra,
                       const EgAccess *a, const EgRawAccess *rb,
                       const EgAccess *other);
/* Tells the access memo the rows of a box domain of scope shape `shape`
 * (einsum_domain.c wrote the domain from them), which boxDomain would
 * otherwise read from the domain. */
void egAccessKnownBox(EgBuilder *b, int shape, const EgBoxRows *rows);
/* Frees the memo of access shapes once no access is built any more. */
void egAccessMemoFinish(EgBuilder *b);
/* "S<id>", the node's tuple name, written into name. */
enum { EG_STATEMENT_NAME_SIZE = 16 };
void egStatementName(int id, char name[EG_STATEMENT_NAME_SIZE]);

#endif
