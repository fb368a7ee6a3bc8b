/* The accesses of a node: each load or store of its slice becomes a
 * relation from the node's domain to the tensor's elements, with the
 * elements it touches and their count, checked against the tensor's static
 * extent. Relations of one shape (the same loops and index expressions up
 * to names, common in networks) are built once and copied
 * (einsum_shape_memo.h). */
#include "einsum_access_build.h"
#include "einsum_box_rows.h"

#include "solar/support/diagnostics.h"

#include "mlir-c/BuiltinAttributes.h"

#include <isl/ilp.h>
#include <isl/space.h>
#include <isl/val.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  isl_multi_pw_aff *indices; /* anonymous range tuple, as every raw access's */
  int shape;
} IndexShape;

static void freeIndexShape(void *payload) {
  IndexShape *entry = payload;
  isl_multi_pw_aff_free(entry->indices);
  free(entry);
}

/* The key of an affine.load/store on a base buffer whose map operands are
 * all loop dims of its scope: the map (MLIR uniques them, so equal maps
 * are one pointer), the dims it takes, the scope's depth and the
 * parameters known; the indices are then built by the same isl operations
 * on the same inputs, up to the tensor's name. NULL for any other access. */
static char *indexKey(EgBuilder *b, const EgScope *scope, MlirOperation op) {
  if (!scope ||
      (!solarOpIs(op, "affine.load") && !solarOpIs(op, "affine.store")))
    return NULL;
  MlirValue memref = egAccessMemref(op);
  if (!mlirValueEqual(egBaseBuffer(memref), memref))
    return NULL;
  intptr_t first = egIsStore(op) ? 2 : 1;
  intptr_t n = mlirOperationGetNumOperands(op) - first;
  MlirAffineMap map = mlirAffineMapAttrGetValue(
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("map")));
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "index");
  egShapeKeyAddInt(&key, (long)(intptr_t)map.ptr);
  egShapeKeyAddInt(&key, scope->depth);
  egShapeKeyAddInt(&key, b->paramCount);
  egShapeKeyAddInt(&key, (long)n);
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue operand = mlirOperationGetOperand(op, first + i);
    int dim = mlirValueIsABlockArgument(operand)
                  ? egScopeDimOf(scope, operand)
                  : -1;
    if (dim < 0) {
      free(key.text);
      return NULL;
    }
    egShapeKeyAddInt(&key, dim);
  }
  return key.text;
}

/* egAccessIndices through the memo of index shapes. The indices keep an
 * anonymous range tuple: no reader of an access's indices looks at the
 * tensor's name (the equation prints each index alone, the injectivity and
 * reduction tests read coefficients, egAccessSameRelation compares two
 * accesses of one tensor), and naming each copy for its tensor cost isl a
 * copy of every piece, about 10 K instructions an access. The relation
 * built from them is named after the tensor (egBuildAccess). */
static bool accessIndices(EgBuilder *b, EgRawAccess *r, EgFailure *why) {
  r->indexShape = -1;
  char *key = indexKey(b, r->scope, r->op);
  IndexShape *entry = key ? egShapeMemoGet(b->indexMemo, key) : NULL;
  if (entry) {
    free(key);
    r->tensor =
        egTensorOf(b, egBaseBuffer(egAccessMemref(r->op)));
    r->indices = isl_multi_pw_aff_copy(entry->indices);
    r->indexShape = entry->shape;
    return true;
  }
  bool ok = egAccessIndices(b, r->scope, r->op, &r->tensor, &r->indices, why);
  if (ok && r->indices)
    r->indices = isl_multi_pw_aff_reset_tuple_id(r->indices, isl_dim_out);
  if (ok && key && r->indices) {
    if (!b->indexMemo)
      b->indexMemo = egShapeMemoCreate(freeIndexShape);
    entry = calloc(1, sizeof(*entry));
    if (!entry)
      abort();
    entry->indices = isl_multi_pw_aff_copy(r->indices);
    entry->shape = r->indexShape = b->shapeCount++;
    egShapeMemoPut(b->indexMemo, key, entry);
  }
  free(key);
  return ok;
}

bool egMakeRawAccess(EgBuilder *b, MlirOperation op, bool write,
                     EgRawAccess *r) {
  memset(r, 0, sizeof(*r));
  r->op = op;
  r->scope = egScopeOfOp(b, op);
  r->write = write;
  EgFailure why = {{0}};
  if (accessIndices(b, r, &why))
    return true;
  char name[64];
  egOpName(op, name, sizeof(name));
  egWarn(b, mlirOperationGetLocation(op),
         "non-affine access in '%s' (%s); its footprint is over-approximated "
         "by the whole tensor",
         name, why.text);
  return false;
}

/* node domain -> raw access scope: equal on the common loops. */
static __isl_give isl_map *relateScopes(EgBuilder *b, EgNode *node,
                                        EgScope *scope) {
  EgScope *common = egScopeCommonAncestor(node->scope, scope);
  int shared = common ? common->depth : 0;
  isl_space *space = isl_space_map_from_domain_and_range(
      egScopeSpace(b, node->scope), egScopeSpace(b, scope));
  isl_map *rel = isl_map_universe(space);
  for (int i = 0; i < shared; ++i)
    rel = isl_map_equate(rel, isl_dim_in, i, isl_dim_out, i);
  rel = isl_map_intersect_domain(rel, isl_set_copy(node->scope->domain));
  return isl_map_intersect_range(rel, isl_set_copy(scope->domain));
}

/* By hand: snprintf would cost more than the rest of a known access. */
void egStatementName(int id, char name[EG_STATEMENT_NAME_SIZE]) {
  char digits[16];
  int n = 0;
  unsigned value = (unsigned)id;
  do {
    digits[n++] = (char)('0' + value % 10);
    value /= 10;
  } while (value);
  name[0] = 'S';
  for (int i = 0; i < n; ++i)
    name[1 + i] = digits[n - 1 - i];
  name[1 + n] = '\0';
}

/* The least and greatest index of dimension d of the image. */
static void dimExtremes(__isl_keep isl_set *image, int d, int rank,
                        isl_val **lowest, isl_val **highest) {
  isl_set *line = isl_set_project_out(
      isl_set_project_out(isl_set_copy(image), isl_dim_set, (unsigned)d + 1,
                          (unsigned)(rank - d - 1)),
      isl_dim_set, 0, (unsigned)d);
  *lowest = isl_set_dim_min_val(isl_set_copy(line), 0);
  *highest = isl_set_dim_max_val(line, 0);
}

/* An error when the extreme indices of dimension d (taken) leave it. The
 * indices are compared as isl values: bounds built from the extent would
 * overflow isl's small-integer path at extents near 2^63. */
static bool reportOutOfBounds(EgBuilder *b, const EgRawAccess *raw,
                              const EgTensor *t, int d,
                              __isl_take isl_val *lowest,
                              __isl_take isl_val *highest) {
  bool high = highest && isl_val_is_int(highest) &&
              isl_val_cmp_si(highest, (long)(t->shape[d] - 1)) > 0;
  bool low = lowest && isl_val_is_int(lowest) && isl_val_cmp_si(lowest, 0) < 0;
  isl_val_free(lowest);
  isl_val_free(highest);
  if (!high && !low)
    return false;
  solarEmitError(mlirOperationGetLocation(raw->op),
                 "inconsistent shapes: %s %s %s in dimension %d, which "
                 "has size %lld (are the sizes given to "
                 "--solar-bind-shapes the ones the loops use?)",
                 t->name, raw->write ? "is written" : "is read",
                 high ? "past its end" : "before its start", d,
                 (long long)t->shape[d]);
  b->failed = true;
  return true;
}

/* Whether an error was reported. An access past a static extent is
 * undefined behaviour; it is also what a
 * --solar-bind-shapes binding that disagrees with the loops produces (a
 * 1000-element tensor read at the 4096 indices of a loop bound to another
 * argument). Counting it would bound a program that cannot run, so it is an
 * error naming the tensor and the dimension. Parametric images are left
 * alone: their extent is only known once bound. */
static bool checkInBounds(EgBuilder *b, const EgRawAccess *raw,
                          __isl_keep isl_set *image) {
  const EgTensor *t = &b->tensors[raw->tensor];
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] < 0)
      return false;
  if (isl_set_involves_dims(image, isl_dim_param, 0,
                            isl_set_dim(image, isl_dim_param)) != isl_bool_false)
    return false;
  /* A box image (most are) shows its extreme indices in its constraints;
   * projecting each dimension out costs more than the rest of the access. */
  isl_val **boxLo = calloc((size_t)t->rank + 1, sizeof(isl_val *));
  isl_val **boxHi = calloc((size_t)t->rank + 1, sizeof(isl_val *));
  if (!boxLo || !boxHi)
    abort();
  bool box = isl_set_dim(image, isl_dim_set) == t->rank &&
             solarCountBoxBounds(image, boxLo, boxHi);
  bool reported = false;
  for (int d = 0; d < t->rank && !reported; ++d) {
    isl_val *lowest = box ? isl_val_copy(boxLo[d]) : NULL;
    isl_val *highest = box ? isl_val_copy(boxHi[d]) : NULL;
    if (!box)
      dimExtremes(image, d, t->rank, &lowest, &highest);
    reported = reportOutOfBounds(b, raw, t, d, lowest, highest);
  }
  for (int d = 0; d < t->rank; ++d) {
    isl_val_free(boxLo[d]);
    isl_val_free(boxHi[d]);
  }
  free(boxLo);
  free(boxHi);
  return reported;
}

/* An access relation, its image and the image's count, computed once per
 * shape: the key (accessKey) names everything they depend on up to the
 * tuple names, and the in-bounds check passed for the tensor shape the key
 * names. */
typedef struct {
  isl_map *map;   /* domain tuple EG_SHAPE_MEMO_STORED */
  isl_set *image; /* tuple EG_SHAPE_MEMO_STORED */
  bool counted;   /* what solarCountSetCached answered */
  SolarCount footprint;
  /* Entries of egFindReductionDimsOnce and egAccessMapsEqual (no map,
   * image or count). */
  bool *reductionDims;
  bool nonInjective;
  bool equal;
  /* Entries of boxDomain: the domain's rows when they could be read. */
  bool haveRows;
  EgBoxRows box;
} AccessShape;

static void freeAccessShape(void *payload) {
  AccessShape *entry = payload;
  isl_map_free(entry->map);
  isl_set_free(entry->image);
  solarCountClear(&entry->footprint);
  free(entry->reductionDims);
  egBoxRowsClear(&entry->box);
  free(entry);
}

static AccessShape *newAccessShape(EgBuilder *b, const char *key) {
  AccessShape *entry = calloc(1, sizeof(*entry));
  if (!entry)
    abort();
  egShapeMemoPut(b->accessMemo, key, entry);
  return entry;
}

static void copyFootprint(const SolarCount *from, SolarCount *to) {
  to->count = isl_pw_qpolynomial_copy(from->count);
  to->exact = from->exact;
}

/* The node's and the access's scope shapes and how they nest, the
 * parameters known (every relation is on their space), the tensor's shape
 * (the in-bounds check) and the index expressions without the tensor's
 * name. NULL for an access that is not affine (rare; not memoized). */
static char *accessKey(EgBuilder *b, EgNode *node, const EgRawAccess *raw) {
  if (!raw->indices)
    return NULL;
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "access");
  egShapeKeyAddInt(&key, node->scope->shape);
  egShapeKeyAddInt(&key, raw->scope->shape);
  if (raw->scope != node->scope) {
    EgScope *common = egScopeCommonAncestor(node->scope, raw->scope);
    egShapeKeyAddInt(&key, common ? common->depth : 0);
    egShapeKeyAddInt(&key, egScopeIsAncestor(raw->scope, node->scope));
  }
  egShapeKeyAddInt(&key, b->paramCount);
  const EgTensor *t = &b->tensors[raw->tensor];
  egShapeKeyAddInt(&key, t->rank);
  for (int d = 0; d < t->rank; ++d)
    egShapeKeyAddInt(&key, (long)t->shape[d]);
  if (raw->indexShape > 0) {
    egShapeKeyAdd(&key, "#");
    egShapeKeyAddInt(&key, raw->indexShape);
    return key.text;
  }
  /* The indices name no tensor (accessIndices): their text is theirs. */
  char *printed = isl_multi_pw_aff_to_str(raw->indices);
  if (!printed || !strchr(printed, '{')) {
    free(printed);
    free(key.text);
    return NULL;
  }
  egShapeKeyAddPrinted(&key, printed);
  return key.text;
}

/* Fills a from the memo; false when the shape is new. */
static bool takeKnownAccess(EgBuilder *b, EgNode *node, const EgRawAccess *raw,
                            const char *key, EgAccess *a) {
  AccessShape *entry = key ? egShapeMemoGet(b->accessMemo, key) : NULL;
  if (!entry)
    return false;
  const char *tensorName = b->tensors[raw->tensor].islName;
  char name[EG_STATEMENT_NAME_SIZE];
  egStatementName(node->id, name);
  a->map = egShapeMemoFreshMap(entry->map, name, tensorName);
  a->shapeMap = isl_map_copy(entry->map);
  if (!raw->write)
    egHandleMapPut(&b->accessedLoads, raw->op.ptr, 1);
  a->image = egShapeMemoFreshSet(entry->image, tensorName);
  copyFootprint(&entry->footprint, &a->footprint);
  if (!entry->counted)
    a->footprint.exact = false;
  return true;
}

static void rememberAccess(EgBuilder *b, const char *key, EgAccess *a,
                           bool counted) {
  AccessShape *entry = newAccessShape(b, key);
  entry->map = egShapeMemoFreshMap(a->map, EG_SHAPE_MEMO_STORED,
                                   isl_map_get_tuple_name(a->map, isl_dim_out));
  a->shapeMap = isl_map_copy(entry->map);
  entry->image = egShapeMemoFreshSet(a->image, EG_SHAPE_MEMO_STORED);
  entry->counted = counted;
  copyFootprint(&a->footprint, &entry->footprint);
}

/* Whether no index involves a floor (an existential variable of the
 * relation, which isl's equality detection may eliminate). */
static bool noFloors(__isl_keep isl_multi_aff *ma) {
  isl_size n = isl_multi_aff_size(ma);
  bool none = n >= 0;
  for (isl_size i = 0; i < n && none; ++i) {
    isl_aff *aff = isl_multi_aff_get_at(ma, i);
    none = isl_aff_involves_locals(aff) == isl_bool_false;
    isl_aff_free(aff);
  }
  return none;
}

/* Whether the scope's domain is one non-empty box of constants (as
 * solarCountBoxBounds reads it), into *box, once per scope shape. Such a
 * domain has no implicit equality: each of its dimensions takes at least
 * two values or is fixed by an explicit equality (isl's simplification
 * turns opposite bounds into one). Returns the box's rows where they are
 * in the form egBoxRowsRead takes (told by the domain walk, which wrote
 * most domains from them, egAccessKnownBox), else NULL. */
static const EgBoxRows *boxDomain(EgBuilder *b, const EgScope *scope,
                                  bool *box) {
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "box");
  egShapeKeyAddInt(&key, scope->shape);
  AccessShape *entry = egShapeMemoGet(b->accessMemo, key.text);
  if (!entry) {
    entry = newAccessShape(b, key.text);
    /* Rows of that form make a box solarCountBoxBounds reads. */
    entry->haveRows = egBoxRowsRead(scope->domain, &entry->box);
    entry->equal = entry->haveRows;
    isl_size rank = isl_set_dim(scope->domain, isl_dim_set);
    if (!entry->equal && rank >= 0) {
      isl_val **lo = calloc((size_t)rank + 1, sizeof(isl_val *));
      isl_val **hi = calloc((size_t)rank + 1, sizeof(isl_val *));
      if (!lo || !hi)
        abort();
      entry->equal = solarCountBoxBounds(scope->domain, lo, hi);
      for (isl_size d = 0; d < rank; ++d) {
        isl_val_free(lo[d]);
        isl_val_free(hi[d]);
      }
      free(lo);
      free(hi);
    }
  }
  free(key.text);
  *box = entry->equal;
  return entry->haveRows ? &entry->box : NULL;
}

void egAccessKnownBox(EgBuilder *b, int shape, const EgBoxRows *rows) {
  if (!b->accessMemo)
    b->accessMemo = egShapeMemoCreate(freeAccessShape);
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "box");
  egShapeKeyAddInt(&key, shape);
  if (!egShapeMemoGet(b->accessMemo, key.text)) {
    AccessShape *entry = newAccessShape(b, key.text);
    entry->haveRows = entry->equal = true;
    egBoxRowsCopy(rows, &entry->box);
  }
  free(key.text);
}

/* checkInBounds for a plain access, its extreme indices read off the box
 * and the index rows (the image's, which solarCountBoxBounds would read). */
static bool checkPlainInBounds(EgBuilder *b, const EgRawAccess *raw,
                               const EgBoxRows *box, const EgIndexRows *f) {
  const EgTensor *t = &b->tensors[raw->tensor];
  for (int d = 0; d < t->rank; ++d)
    if (t->shape[d] < 0)
      return false;
  for (int d = 0; d < t->rank; ++d) {
    int64_t lowest, highest;
    if (!egIndexRowExtremes(box, f, d, &lowest, &highest))
      abort(); /* the caller checked them (directAccess) */
    if (reportOutOfBounds(b, raw, t, d, isl_val_int_from_si(b->ctx, lowest),
                          isl_val_int_from_si(b->ctx, highest)))
      return true;
  }
  return false;
}

/* The relation and image of a plain access written down from its rows
 * (einsum_box_rows.c): a->map always, a->image when the image is the
 * box's rows moved, else NULL. False (nothing set) when the rows cannot
 * be read. */
static bool directAccess(EgBuilder *b, EgNode *node, const EgRawAccess *raw,
                         __isl_keep isl_multi_aff *ma, const EgBoxRows *box,
                         EgIndexRows *f, EgAccess *a) {
  if (!egIndexRowsRead(ma, box->depth, f))
    return false;
  const EgTensor *t = &b->tensors[raw->tensor];
  bool ok = f->rank == t->rank;
  for (int d = 0; ok && d < f->rank; ++d) {
    int64_t lowest, highest;
    ok = egIndexRowExtremes(box, f, d, &lowest, &highest);
  }
  char name[EG_STATEMENT_NAME_SIZE];
  egStatementName(node->id, name);
  isl_space *space = isl_multi_aff_get_space(ma);
  space = isl_space_set_tuple_name(space, isl_dim_out, t->islName);
  space = isl_space_align_params(space, isl_space_copy(b->paramSpace));
  space = isl_space_set_tuple_name(space, isl_dim_in, name);
  isl_map *map = ok ? egPlainAccessMap(isl_space_copy(space), box, f) : NULL;
  if (!map) {
    isl_space_free(space);
    egIndexRowsClear(f);
    return false;
  }
  a->map = isl_map_coalesce(map);
  a->image = egPlainAccessImage(isl_space_range(space), box, f);
  return true;
}

void egBuildAccess(EgBuilder *b, EgNode *node, EgRawAccess *raw) {
  egGrow((void **)&node->accesses, &node->accessCapacity, node->accessCount,
         sizeof(EgAccess));
  EgAccess *a = &node->accesses[node->accessCount++];
  memset(a, 0, sizeof(*a));
  a->tensor = raw->tensor;
  a->write = raw->write;
  a->op = raw->op;
  a->exact = raw->indices != NULL;
  a->indexShape = -1;
  if (raw->indices && egScopeIsAncestor(raw->scope, node->scope)) {
    a->indices = isl_multi_pw_aff_copy(raw->indices);
    a->indexShape = raw->indexShape;
  }
  if (!b->accessMemo)
    b->accessMemo = egShapeMemoCreate(freeAccessShape);
  char *key = accessKey(b, node, raw);
  if (takeKnownAccess(b, node, raw, key, a)) {
    free(key);
    return;
  }
  isl_map *access;
  bool linear = false; /* indices one affine function without floors */
  const EgBoxRows *box = NULL;
  EgIndexRows f = {0};
  bool direct = false;
  if (raw->indices) {
    /* Most indices are plain affine: isl_map_from_multi_aff skips the
     * piecewise machinery (a third of the cost of an access). */
    isl_multi_pw_aff *indices = isl_multi_pw_aff_copy(raw->indices);
    isl_map *relation;
    if (isl_multi_pw_aff_isa_multi_aff(indices) == isl_bool_true) {
      isl_multi_aff *ma = isl_multi_pw_aff_as_multi_aff(indices);
      linear = noFloors(ma);
      bool isBox = false;
      if (linear && raw->scope == node->scope)
        box = boxDomain(b, raw->scope, &isBox);
      direct = box && directAccess(b, node, raw, ma, box, &f, a);
      relation = direct ? NULL : isl_map_from_multi_aff(ma);
      if (direct)
        isl_multi_aff_free(ma);
    } else {
      relation = isl_map_from_multi_pw_aff(indices);
    }
    access = direct ? NULL
                    : isl_map_intersect_domain(
                          isl_map_set_tuple_name(
                              relation, isl_dim_out,
                              b->tensors[raw->tensor].islName),
                          isl_set_copy(raw->scope->domain));
  } else {
    access = isl_map_from_domain_and_range(isl_set_copy(raw->scope->domain),
                                           egTensorBox(b, raw->tensor));
  }
  if (!direct) {
    /* In the node's own scope the relation is the identity on its domain,
     * which the access is already restricted to; it would only have
     * brought in every parameter known so far. */
    isl_map *map =
        raw->scope == node->scope
            ? isl_map_align_params(access, isl_space_copy(b->paramSpace))
            : isl_map_apply_range(relateScopes(b, node, raw->scope), access);
    char name[EG_STATEMENT_NAME_SIZE];
    egStatementName(node->id, name);
    map = isl_map_set_tuple_name(map, isl_dim_in, name);
    /* The relation of indices that are one affine function of a box
     * domain in the node's own scope, { S[i] -> T[f(i)] : i in box }, has
     * no implicit equality: its affine hull is the graph of f over the
     * box's, whose equalities are f's, explicit already. Detecting them is
     * isl's affine hull of the whole relation, a third of the cost of a new
     * access shape. */
    bool isBox = false;
    if (linear && raw->scope == node->scope)
      boxDomain(b, raw->scope, &isBox);
    bool plain = isBox;
    a->map = isl_map_coalesce(plain ? map : isl_map_detect_equalities(map));
  }
  if (!raw->write)
    egHandleMapPut(&b->accessedLoads, raw->op.ptr, 1);
  /* In the node's own scope the relation's domain is the node's already
   * (the access was restricted to it): the image is the range, without
   * intersecting the domain again (a fifth of a new shape). */
  if (!a->image)
    a->image = raw->scope == node->scope
                   ? isl_map_range(isl_map_copy(a->map))
                   : isl_set_apply(isl_set_copy(node->domain),
                                   isl_map_copy(a->map));
  bool inBounds = true;
  if (a->exact)
    inBounds = direct ? !checkPlainInBounds(b, raw, box, &f)
                      : !checkInBounds(b, raw, a->image);
  egIndexRowsClear(&f);
  bool counted = solarCountSetCached(b->counts, a->image, &a->footprint);
  if (key && inBounds)
    rememberAccess(b, key, a, counted);
  free(key);
  if (!counted)
    a->footprint.exact = false;
  if (!a->exact)
    a->footprint.exact = false;
}

bool egCountNodeDomain(EgBuilder *b, EgNode *node) {
  if (!b->accessMemo)
    b->accessMemo = egShapeMemoCreate(freeAccessShape);
  EgShapeKey key = {0};
  egShapeKeyAdd(&key, "domain");
  egShapeKeyAddInt(&key, node->scope->shape);
  AccessShape *entry = egShapeMemoGet(b->accessMemo, key.text);
  if (!entry) {
    entry = newAccessShape(b, key.text);
    entry->counted =
        solarCountSetCached(b->counts, node->domain, &entry->footprint);
  }
  free(key.text);
  copyFootprint(&entry->footprint, &node->points);
  return entry->counted;
}

/* The write's relation, domain and indices, which egFindReductionDims
 * reads, are those of its access shape. */
bool egFindReductionDimsOnce(EgBuilder *b, EgNode *node,
                             const EgRawAccess *raw) {
  char *access = accessKey(b, node, raw);
  if (!access)
    return egFindReductionDims(node, &node->accesses[0]);
  char *key = solarFormat("reduce|%s", access);
  free(access);
  AccessShape *entry = egShapeMemoGet(b->accessMemo, key);
  int depth = node->scope->depth;
  if (entry) {
    node->reductionDims = calloc((size_t)depth + 1, sizeof(bool));
    if (!node->reductionDims)
      abort();
    memcpy(node->reductionDims, entry->reductionDims,
           (size_t)depth * sizeof(bool));
  } else {
    entry = newAccessShape(b, key);
    entry->nonInjective = egFindReductionDims(node, &node->accesses[0]);
    entry->reductionDims = calloc((size_t)depth + 1, sizeof(bool));
    if (!entry->reductionDims)
      abort();
    memcpy(entry->reductionDims, node->reductionDims,
           (size_t)depth * sizeof(bool));
  }
  free(key);
  return entry->nonInjective;
}

/* Relations are functions of their access shapes (and of the node's and
 * the tensor's names, equal here), so is their equality. */
bool egAccessMapsEqual(EgBuilder *b, EgNode *node, const EgRawAccess *ra,
                       const EgAccess *a, const EgRawAccess *rb,
                       const EgAccess *other) {
  char *ka = accessKey(b, node, ra);
  char *kb = ka ? accessKey(b, node, rb) : NULL;
  if (!kb) {
    free(ka);
    return isl_map_is_equal(a->map, other->map) == isl_bool_true;
  }
  char *key = solarFormat("equal|%s%s", ka, kb);
  free(ka);
  free(kb);
  AccessShape *entry = egShapeMemoGet(b->accessMemo, key);
  if (!entry) {
    entry = newAccessShape(b, key);
    entry->equal = isl_map_is_equal(a->map, other->map) == isl_bool_true;
  }
  free(key);
  return entry->equal;
}

void egAccessMemoFinish(EgBuilder *b) {
  egShapeMemoDestroy(b->indexMemo);
  b->indexMemo = NULL;
  egShapeMemoDestroy(b->accessMemo);
  b->accessMemo = NULL;
}
