/* Builder-side model of the einsum graph, shared by the lib/einsum files
 * only.
 *
 * Lifting runs in phases over one func.func:
 *   1. einsum_domain.c walks the body, creating a scope (iteration domain +
 *      schedule prefix) for every loop / conditional region, and records
 *      every store as a statement;
 *   2. einsum_statement.c follows each stored value back to its loads
 *      (through arith/math ops and iter_args / affine.parallel reductions),
 *      giving the node's domain, accesses, reduction and op counts;
 *   3. einsum_edges.c runs isl dataflow over all accesses for the edges and
 *      the tensor roles; einsum_equation.c names the dimensions;
 *   4. einsum_graph_attr.c turns the model into #solar.einsum_graph.
 * einsum_builder.c drives the phases; they call each other only downwards
 * (domain -> access -> tensor -> affine_to_isl -> scope) and share the
 * helpers of einsum_util.c (no builder state) and einsum_shared.c (warnings,
 * names, claimed ops), which call no phase.
 * Ownership: the builder owns everything reachable from it;
 * solarEinsumGraphLift frees it all before returning. */
#ifndef SOLAR_EINSUM_INTERNAL_H
#define SOLAR_EINSUM_INTERNAL_H

#include "solar/count/count.h"
#include "einsum_lookup.h"
#include "einsum_shape_memo.h"
#include "solar/einsum/einsum_graph.h"
#include "solar/support/format.h"
#include "solar/support/funcs.h"

#include "mlir-c/AffineMap.h"
#include "mlir-c/IR.h"
#include "mlir-c/IntegerSet.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/polynomial.h>
#include <isl/set.h>

#include <stdbool.h>
#include <stdint.h>

typedef struct EgBuilder EgBuilder;

/* ---- small helpers (einsum_util.c; egWarn in einsum_shared.c) ----------- */

/* The op's name as a NUL-terminated static-lifetime string view copy. */
void egOpName(MlirOperation op, char *buf, size_t size);
MlirOperation egValueDefiningOp(MlirValue value); /* null for block args */
/* Prints a type into buf (e.g. "f32"). */
void egTypeString(MlirType type, char *buf, size_t size);
char *egStrdup(const char *text);
/* A non-affine or unsupported construct: a warning, or under --solar-strict
 * an error that fails the pass. */
void egWarn(EgBuilder *b, MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* egWarn for an op left out of the graph (its work and traffic are
 * missing, not over-approximated): also recorded in the graph's
 * `skipped`, which makes solar.sol `partial`. */
void egSkip(EgBuilder *b, MlirLocation loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Index of op in its block (its position in program order). */
int egOpPosition(MlirOperation op);

/* ---- parameters (einsum_affine_to_isl.c) -------------------------------- */

typedef struct {
  MlirValue value;   /* null for an unknown quantity */
  char *name;        /* isl parameter name */
  char *source;      /* what it stands for: SSA name or a description */
} EgParam;

/* Why a value could not be expressed affinely; text is a full sentence
 * fragment such as "index depends on 'memref.load' at f.mlir:3:5". */
typedef struct {
  char text[1024];
} EgFailure;

/* An integer-valued affine expression without floors: a row of x -> A x + b
 * (the reduction dims and injectivity read their matrices off such rows). */
bool egAffIsPlain(__isl_keep isl_aff *aff);
/* Whether input dimension d has a nonzero coefficient (*uses); false on
 * error. */
bool egAffUsesDim(__isl_keep isl_aff *aff, int d, bool *uses);

/* ---- scopes (built by einsum_domain.c, queried in einsum_scope.c) ------- */

/* One entry of a schedule: a constant position or a loop dimension. */
typedef struct {
  bool isDim;
  int value;
} EgSchedItem;

typedef struct EgScope {
  int id;
  struct EgScope *parent;
  int depth;              /* number of loop dimensions */
  MlirValue *ivs;         /* depth entries; null value for synthetic dims */
  MlirOperation *loopOps; /* depth entries: op that defines each dimension */
  isl_set *domain;        /* anonymous set over the dims; owned */
  EgSchedItem *sched;     /* schedule prefix; owned */
  int schedLength;
  bool exact;             /* false when a condition or bound was widened */
  bool counted;
  SolarCount count;          /* lazily computed size of domain */
  /* Scopes with equal shapes have domains built by the same isl operations
   * on inputs of the same representation (einsum_domain.c's memo); a scope
   * that is not memoized has a shape of its own. */
  int shape;
} EgScope;

EgScope *egScopeOfBlock(EgBuilder *b, MlirBlock block);
EgScope *egScopeOfOp(EgBuilder *b, MlirOperation op);
int egScopeDimOf(const EgScope *scope, MlirValue iv);
EgScope *egScopeCommonAncestor(EgScope *a, EgScope *b);
bool egScopeIsAncestor(const EgScope *ancestor, const EgScope *scope);
/* Set space of the scope: params from the builder, `depth` dims. */
__isl_give isl_space *egScopeSpace(EgBuilder *b, const EgScope *scope);
const SolarCount *egScopeCount(EgBuilder *b, EgScope *scope);
/* Walks the function, creating scopes and statements. */
/* Ops nested inside more region-holding ops than this are refused
 * (einsum_nesting.c says why). */
enum { SOLAR_EINSUM_MAX_NESTING = 32 };
/* False, after an error at the first op nested too deep, when one is. */
bool egCheckNesting(MlirOperation func);
void egBuildScopes(EgBuilder *b);

/* ---- tensors (einsum_tensor.c) ------------------------------------------ */

typedef struct {
  MlirValue base;
  char *name;     /* as printed: "%arg0", "%alloc", "@weights" */
  char *islName;  /* tuple name in isl strings */
  SolarTensorRole role;
  char *dtype;
  int64_t elementBytes;
  int rank;
  int64_t *shape; /* -1 for dynamic */
  bool isArgument, isGlobal, isConstantGlobal, isAlloc, isReturned;
  bool read, written;
  /* A read no write of the function reaches. Only what decides the role
   * of an argument: the dataflow may leave it false on other tensors. */
  bool readsInitialValue;
  bool exactAccesses;     /* every access relation is exact */
  MlirAttribute initialValue; /* constant globals: the initializer */
  isl_set *touched, *readSet, *writeSet; /* images over all accesses */
  /* touched, readSet, writeSet (in this order) is every element of the
   * tensor's (static) box: its count is the element count
   * (egTensorsFinish). */
  bool whole[3];
} EgTensor;

/* Tensor of a base buffer (created on first use). */
int egTensorOf(EgBuilder *b, MlirValue base);
/* A constant global initialised with one repeated value (dense splat). */
bool egTensorIsSplat(const EgTensor *t);
/* Element count of the whole tensor as a bounded set (box over shape). */
__isl_give isl_set *egTensorBox(EgBuilder *b, int tensor);
int64_t egTypeBytes(MlirType type);
void egTensorsFinish(EgBuilder *b);

/* ---- accesses (einsum_access.c) ----------------------------------------- */

/* Base-buffer indices of a load/store executed in `scope`. On success
 * *indices is on the scope's space (NULL for rank 0 means "no index").
 * On failure (non-affine), *tensor is still set and *indices is NULL. */
bool egAccessIndices(EgBuilder *b, EgScope *scope, MlirOperation op,
                     int *tensor, __isl_give isl_multi_pw_aff **indices,
                     EgFailure *why);
/* Memref operand of a load/store op, and the stored value (stores). */
MlirValue egAccessMemref(MlirOperation op);
MlirValue egStoredValue(MlirOperation op);
/* The buffer a memref view (subview, collapse/expand_shape,
 * reinterpret_cast, cast) is a view of; the value itself for a base. */
MlirValue egBaseBuffer(MlirValue memref);
bool egIsLoad(MlirOperation op);
bool egIsStore(MlirOperation op);
/* subview, collapse/expand_shape, reinterpret_cast, cast. */
bool egIsView(MlirOperation op);

/* ---- nodes (einsum_statement.c) ----------------------------------------- */

typedef struct {
  int tensor;
  bool write;
  bool exact;        /* false: over-approximated (whole tensor) */
  bool accumulator;  /* the read of `load C; op; store C` */
  bool address;      /* a load feeding an index or a bound, not the value */
  /* An operand whose value 0 at a point makes the point's contribution to
   * the node's `+` reduction 0 (a factor of it), so that the point is
   * skippable wherever the element read is 0 (einsum_known_skippable.c);
   * the graph's `zero_skips`. */
  bool zeroSkips;
  isl_map *map;      /* node domain -> tensor elements; owned */
  isl_set *image;    /* the elements the node touches through it; owned */
  /* The index expressions as written, on the space of the scope of the
   * load/store when that scope encloses the node's (its dims are then the
   * node's first dims); NULL otherwise. For the equation and the
   * injectivity tests; its range tuple is anonymous. Owned. */
  isl_multi_pw_aff *indices;
  MlirOperation op;
  SolarCount footprint;
  char *mapText; /* printed map, when frozen (egGraphFreezeText); owned */
  /* The map mapText was printed from, kept for the stages when the lift
   * hands its isl objects over (EgBuilder.keepIsl); owned. */
  isl_map *mapNamed;
  /* Its representation's class (egTextMemoMapShape), handed to the
   * stages with mapNamed; 0: none. */
  uint32_t mapShape;
  /* The access memo's stored relation of this access's shape (a
   * reference; NULL: none): equal to map constraint for constraint up to
   * names, and one object for all accesses of the shape, so the dataflow's
   * memo keys them once (egEdgeMemoShareKey). */
  isl_map *shapeMap;
  signed char injective; /* memo of egAccessInjective: 0 not asked yet,
                            1 injective, -1 not (or isl failed) */
  /* Accesses with equal index shapes have indices of the same
   * representation up to the tensor's name; 0 or -1: not known. */
  int indexShape;
} EgAccess;

/* Whether the access relation is injective (no element reached from two
 * points), asked of isl once per access (the dataflow and the
 * necessary-work analysis ask it of the same writes). */
bool egAccessInjective(EgAccess *access);

typedef struct {
  char *dtype;
  int64_t perPoint[SOLAR_OP_CLASS_COUNT];
  isl_pw_qpolynomial *total[SOLAR_OP_CLASS_COUNT]; /* owned, may be NULL */
} EgDtypeOps;

typedef struct {
  int id;
  MlirOperation anchor; /* the store */
  MlirLocation loc;
  EgScope *storeScope;  /* scope of the store */
  int storePosition;
  EgScope *scope;       /* node domain scope (deepest reduction body) */
  int anchorPosition;   /* position in scope's block, for the schedule */
  isl_set *domain;      /* tuple S<id>; owned */
  SolarCount points;
  EgAccess *accesses;
  int accessCount, accessCapacity;
  bool *reductionDims; /* scope->depth entries */
  char **labels;       /* scope->depth entries, e.g. "M" */
  const char *reductionOp;
  EgDtypeOps *ops;
  int opsCount;
  char *dtype;
  bool exact;
  char *equation;
  isl_map *schedule;   /* owned */
  /* Points that do necessary work (einsum_necessary.c); NULL when every
   * point does. Owned, with its count. */
  isl_set *necessary;
  SolarCount necessaryPoints;
  char *domainText; /* printed domain, when frozen; owned */
  isl_set *domainNamed; /* what domainText was printed from (keepIsl); owned */
  uint32_t domainShape; /* its representation's class; 0: none */
} EgNode;

void egBuildNode(EgBuilder *b, EgNode *node);
/* Sets node->reductionDims from the node's write (einsum_reduction.c):
 * d is one when two points of the domain that differ only in d write the
 * same element. Returns whether the write is not injective at all. */
bool egFindReductionDims(EgNode *node, const EgAccess *write);
/* The same question read off the index expressions alone, when the access
 * is x -> A x + b (affine without floors) on a box domain: 1 when two
 * points reach one element along a dimension (zeroColumns[d], depth
 * entries, then says which: the box is at least 2 wide in d and column d
 * of A is zero), 0 when the access is injective, -1 when this reading
 * does not decide (zeroColumns all false). */
int egAffineAccessRepeats(const EgNode *node, const EgAccess *access,
                          bool *zeroColumns);
/* Loads that feed no stored value (gather indices, loop bounds) become
 * `address` reads of the first node inside their scope. */
void egAttachAddressLoads(EgBuilder *b);
void egNodeCountOp(EgBuilder *b, EgNode *node, EgScope *scope,
                   SolarOpClass cls, const char *dtype, int64_t lanes);

/* ---- op classes (einsum_op_count.c) ------------------------------------- */

typedef enum {
  EG_OP_NOT_COMPUTE, /* constants, views, index arithmetic, terminators */
  EG_OP_COMPUTE,
  EG_OP_UNKNOWN,
} EgOpKind;

/* Class of an arith/math op; kind says whether it is compute at all. */
EgOpKind egClassifyOp(MlirOperation op, SolarOpClass *cls);
/* Reduction kind of a combining op ("add", "mul", "max", "min", "or",
 * "and", "xor") or NULL. */
const char *egCombinerKind(MlirOperation op);
/* The dtype an op computes in and its vector lane count. */
void egOpDtype(MlirOperation op, char *buf, size_t size, int64_t *lanes);
const char *egOpClassName(SolarOpClass cls);

/* ---- equation (einsum_equation.c) --------------------------------------- */

void egAssignLabels(EgBuilder *b, EgNode *node);
char *egEquation(EgBuilder *b, EgNode *node);
/* Label of dim d in lower or upper case, into buf. */
void egLabelName(const EgNode *node, int d, bool upper, char *buf,
                 size_t size);
/* Copies of node-domain objects with dimension names set to the labels. */
__isl_give isl_set *egNamedDomain(EgNode *node);
/* A set of the node's points, dimensions named like the domain. */
__isl_give isl_set *egNamedSet(EgNode *node, __isl_keep isl_set *points);
__isl_give isl_map *egNamedMap(EgNode *node, __isl_keep isl_map *map);

/* ---- edges (einsum_edges.c) --------------------------------------------- */

typedef struct {
  int producer, consumer, tensor;
  isl_map *relation; /* producer domain -> consumer domain; owned */
  SolarCount elements;
  char *relationText; /* printed relation, when frozen; owned */
} EgEdge;

void egComputeDataflow(EgBuilder *b);

/* ---- necessary work (einsum_known_zero.c, einsum_necessary.c) ----------- */

/* Sets node->necessary where some points provably do no necessary work. */
void egComputeNecessaryWork(EgBuilder *b);

/* Prints the domains, access maps and edge relations the attribute shows
 * (einsum_graph_attr.c), before analyses that simplify them in place: isl
 * simplifies shared sets during operations on them, which would change
 * their printed form but not their meaning. Needs the labels. */
void egGraphFreezeText(EgBuilder *b);

/* ---- the builder (einsum_builder.c; shared state in einsum_shared.c) ---- */

typedef struct {
  MlirOperation op;
  EgScope *scope;
  int position;
} EgStoreSite;

struct EgBuilder {
  MlirContext mctx;
  MlirOperation func;
  isl_ctx *ctx;
  SolarCountCache *counts; /* memo of point counts; owned */
  bool strict;
  /* Keep the objects the frozen texts were printed from, for the stages
   * (solarEinsumGraphLiftShared). */
  bool keepIsl;
  /* The attribute is built (not only its bare twin): edge relations are
   * printed. Nothing in the stages reads them, so a lift for the stages
   * alone leaves them empty, and the texts of the domains and maps it
   * hands over with a class (egGraphFreezeText). */
  bool printRelations;
  /* Only the structure is asked for (solarEinsumGraphLiftStructure):
   * the necessary-work analysis, which no comparison of structures
   * reads, is left out. */
  bool structureOnly;
  bool failed;
  int warnings;
  /* One "file:line:col: message" per op left out (egSkip; owned): the
   * graph's `skipped` list, so every reader of its figures knows they are
   * partial and what is missing. */
  char **skipped;
  int skippedCount;
  MlirAsmState asmState;
  char *functionName;

  EgParam *params;
  int paramCount, paramCapacity;
  EgHandleMap paramOfValue; /* MlirValue -> index in params */
  isl_space *paramSpace; /* all parameters, in creation order; owned */
  EgNameSet islNames;    /* names of params and tensors in isl strings */

  EgScope **scopes;
  int scopeCount, scopeCapacity;
  EgHandleMap scopeOfBlock; /* MlirBlock -> scope id (index in scopes) */

  EgStoreSite *stores;
  int storeCount, storeCapacity;

  EgTensor *tensors;
  int tensorCount, tensorCapacity;
  EgHandleMap tensorOfBase; /* base buffer MlirValue -> tensor id */

  EgNode *nodes;
  int nodeCount;

  EgEdge *edges;
  int edgeCount, edgeCapacity;

  EgHandleMap accessedLoads; /* loads some node records (value unused) */
  EgHandleMap claimed;       /* ops already counted by some node */
  /* An op the graph does not model may touch memory: no value or use of
   * any tensor is then known (necessary work is not analyzed). */
  bool opaqueMemoryOps;

  /* Memos of the per-statement isl work, by shape (einsum_shape_memo.h):
   * scope domains while the scopes are built, index expressions and
   * access relations while the nodes are, printed indices while the
   * equations are; each is destroyed by the phase that made it. */
  int shapeCount;
  EgShapeMemo *scopeMemo, *indexMemo, *accessMemo, *equationMemo;
};

/* Grows a (pointer, count, capacity) array to hold one more element. */
void egGrow(void **items, int *capacity, int count, size_t elementSize);

/* The finished model as #solar.einsum_graph (einsum_graph_attr.c). When
 * plain is not NULL it receives the same graph dictionary with every
 * #solar wrapper left out (the twins of einsum_attr_text.h), and *arena
 * the memory that holds it (the caller's); then, without `attribute`,
 * only that is built and the result is a null attribute. */
struct EgTwin;
struct EgTwinArena;
MlirAttribute egGraphToAttribute(EgBuilder *b, const struct EgTwin **plain,
                                 struct EgTwinArena **arena, bool attribute);

/* The printed SSA name of a value ("%arg0"), into buf. */
void egValueName(EgBuilder *b, MlirValue value, char *buf, size_t size);
/* A name usable as an isl identifier, unique among params and tensors.
 * It is recorded as taken (b->islNames borrows it): the caller owns it and
 * keeps it until the builder is destroyed. */
char *egIslIdentifier(EgBuilder *b, const char *printed);

__isl_give isl_id *egParamFor(EgBuilder *b, MlirValue value);
/* A parameter standing for a quantity solar cannot express (a non-affine
 * bound, a dynamic size); `what` describes it and identifies it: asking
 * twice with the same text gives the same parameter. */
__isl_give isl_id *egUnknownParam(EgBuilder *b, const char *hint,
                                  const char *what);
bool egValueToPwAff(EgBuilder *b, const EgScope *scope, MlirValue value,
                    __isl_give isl_pw_aff **out, EgFailure *why);
/* Results of `map` applied to operands (dims then symbols). */
bool egAffineMapApply(EgBuilder *b, const EgScope *scope, MlirAffineMap map,
                      const MlirValue *operands, intptr_t operandCount,
                      __isl_give isl_pw_aff **results, EgFailure *why);
/* The set of points of the scope's space satisfying the integer set. */
__isl_give isl_set *egIntegerSetApply(EgBuilder *b, const EgScope *scope,
                                      MlirIntegerSet set,
                                      const MlirValue *operands,
                                      intptr_t operandCount, EgFailure *why);
__isl_give isl_pw_aff *egDimPwAff(EgBuilder *b, const EgScope *scope, int dim);
__isl_give isl_pw_aff *egConstPwAff(EgBuilder *b, const EgScope *scope,
                                    int64_t value);

bool egClaimOp(EgBuilder *b, MlirOperation op); /* false if already taken */

#endif
