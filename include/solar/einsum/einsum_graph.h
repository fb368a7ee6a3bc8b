/* The einsum graph of a function: the contract between the lifting pass
 * (solar-einsum-graph) and the passes that read it (SOL, fusion, dump).
 *
 * The lifting pass attaches `solar.einsum_graph = #solar.einsum_graph<{..}>`
 * to every func.func; docs/einsum-graph.md describes every field. Passes read
 * it into the plain C structs below with solarEinsumGraphRead.
 *
 * Counts are exact int64 values. A count that depends on symbolic sizes
 * (isl parameters) is SOLAR_EINSUM_PARAMETRIC and comes with an `*Expr`
 * string: isl's printed pw_qpolynomial, readable again with
 * isl_pw_qpolynomial_read_from_str. Every isl string (domains, access maps,
 * edge relations) is isl's own printed form. */
#ifndef SOLAR_EINSUM_GRAPH_H
#define SOLAR_EINSUM_GRAPH_H

#include "solar/support/dtype.h"

#include "mlir-c/IR.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SOLAR_EINSUM_GRAPH_ATTR "solar.einsum_graph"
#define SOLAR_EINSUM_GRAPH_VERSION 1
/* A count that depends on parameters; see the matching *Expr string. */
#define SOLAR_EINSUM_PARAMETRIC INT64_C(-1)

/* Operation classes, counted separately because hardware runs them at
 * different rates. */
typedef enum {
  SOLAR_OP_MAC,            /* a multiply feeding a reduction add (or fma) */
  SOLAR_OP_ADD,            /* add, sub */
  SOLAR_OP_MUL,
  SOLAR_OP_CMP,
  SOLAR_OP_SELECT,
  SOLAR_OP_MINMAX,
  SOLAR_OP_DIV,            /* div, rem */
  SOLAR_OP_TRANSCENDENTAL, /* exp, log, tanh, erf, sqrt, rsqrt, sin, pow ... */
  SOLAR_OP_CAST,
  SOLAR_OP_OTHER,          /* negate, abs, bitwise, floor, unknown calls */
  SOLAR_OP_CLASS_COUNT
} SolarOpClass;

typedef enum {
  SOLAR_ROLE_INPUT,        /* argument, only read */
  SOLAR_ROLE_OUTPUT,       /* argument, written, no read of its old value */
  SOLAR_ROLE_INOUT,        /* argument, old value read and written */
  SOLAR_ROLE_WEIGHT,       /* memref.get_global */
  SOLAR_ROLE_INTERMEDIATE, /* memref.alloc / alloca inside the function */
  SOLAR_ROLE_RETURNED,     /* allocated inside and returned */
  SOLAR_ROLE_UNUSED,       /* argument never accessed */
  SOLAR_ROLE_COUNT
} SolarTensorRole;

/* "mac", "add", ...; the keys used in the attribute and the JSON. */
const char *solarOpClassName(SolarOpClass cls);
/* Flops one operation of the class counts for: 2 per MAC, 1 per add, mul,
 * div, min/max, compare and transcendental; selects, casts and "other" move
 * or reinterpret data and count 0. */
int solarOpClassFlops(SolarOpClass cls);
const char *solarTensorRoleName(SolarTensorRole role);
bool solarTensorRoleFromName(const char *name, SolarTensorRole *role);

/* What an access does in its node's equation. */
typedef enum SolarAccessRole {
  SOLAR_ACCESS_ROLE_OPERAND,     /* an input of the equation */
  SOLAR_ACCESS_ROLE_OUTPUT,      /* the write */
  SOLAR_ACCESS_ROLE_ACCUMULATOR, /* the read of `load C; op; store C` */
  SOLAR_ACCESS_ROLE_ADDRESS,     /* feeds an index or loop bound, not the
                                    value */
  SOLAR_ACCESS_ROLE_COUNT
} SolarAccessRole;

/* "operand", "output", "accumulator", "address": the attribute's
 * spelling. */
const char *solarAccessRoleName(SolarAccessRole role);
bool solarAccessRoleFromName(const char *name, SolarAccessRole *role);

typedef struct {
  int64_t counts[SOLAR_OP_CLASS_COUNT];
} SolarOpCounts;

typedef struct {
  char *dtype;            /* "f32", "i32", ... */
  SolarOpCounts perPoint;
  SolarOpCounts total;    /* SOLAR_EINSUM_PARAMETRIC entries when symbolic */
} SolarDtypeOps;

typedef struct {
  char *name;             /* isl parameter name */
  char *source;           /* the SSA value or quantity it stands for */
} SolarEinsumParam;

typedef struct {
  int64_t id;
  char *name;             /* "%arg0", "%alloc", "@weights" */
  char *islName;          /* tuple name in the isl strings */
  SolarTensorRole role;
  char *dtype;
  int64_t elementBytes;
  int64_t rank;
  int64_t *shape;         /* rank entries, -1 for a dynamic size */
  int64_t elements;       /* -1 when the shape is dynamic */
  int64_t bytes;          /* -1 when the shape is dynamic */
  bool constant;          /* constant global */
  bool splat;             /* constant global whose initializer is one
                             repeated value: known at compile time, so no
                             kernel needs to read it from memory */
  int64_t footprintElements; /* distinct elements touched by any access */
  int64_t footprintBytes;
  int64_t readElements;
  int64_t writeElements;
  bool footprintExact;
  char *footprintExpr;    /* when parametric, else NULL */
  /* Derived by solarEinsumGraphInferPrecision, not part of the attribute:
   * the hardware key of `dtype`, the narrowest width the value carries
   * along its path from the program's arguments and results (look-through
   * of importer widening), and the bytes per element that width stores.
   * storageBytes is 0 until inferred. */
  SolarDtype declaredDtype, intentDtype;
  double storageBytes;
} SolarEinsumTensor;

typedef struct {
  int64_t tensor;         /* index into tensors */
  bool isWrite;
  SolarAccessRole role;
  char *map;              /* isl map: node domain -> tensor elements */
  bool exact;             /* false: over-approximated by the whole tensor */
  int64_t footprintElements;
  bool footprintExact;
  char *footprintExpr;    /* when parametric, else NULL */
  /* A value operand of a `+` reduction whose 0 makes the point's
   * contribution 0 (a factor of it: the point is skippable wherever the
   * element read is 0; docs/sol-model.md, "Masks at these inputs"). */
  bool zeroSkips;
} SolarEinsumAccess;

typedef struct {
  char *name;             /* isl dimension name (lower-case label) */
  char *label;            /* equation letter, e.g. "M" */
  bool reduction;
  char *op;               /* "affine.for", "affine.parallel", ... */
  char *loc;              /* file:line:col of the loop */
} SolarEinsumLoop;

typedef struct {
  int64_t id;
  char *loc;              /* file:line:col of the store */
  char *frameworkOp;      /* the framework op it was lowered from
                             (solar.framework_op), NULL when unknown */
  char *equation;         /* "MK,KN->MN" */
  char *domain;           /* isl set */
  int64_t points;         /* SOLAR_EINSUM_PARAMETRIC when symbolic */
  bool pointsExact;
  char *pointsExpr;       /* when parametric, else NULL */
  SolarEinsumLoop *loops;
  size_t loopCount;
  char **reductionDims;   /* labels */
  size_t reductionDimCount;
  char *reductionOp;      /* none, add, mul, max, min, or, and, xor, assign,
                             recurrence */
  SolarEinsumAccess *accesses;
  size_t accessCount;
  SolarOpCounts opsPerPoint; /* ops executed at every point of the domain */
  SolarOpCounts ops;         /* totals, including ops of enclosing levels */
  /* isl text of each ops total that is SOLAR_EINSUM_PARAMETRIC (the
   * attribute's ops_expr), NULL for the constant ones. */
  char *opsExpr[SOLAR_OP_CLASS_COUNT];
  SolarDtypeOps *opsByDtype;
  size_t dtypeCount;
  int64_t flops;
  char *flopsExpr;        /* when parametric, else NULL */
  /* Points doing necessary work (docs/sol-model.md, "Necessary work"):
   * `points` unless the graph proves some contribute nothing (then
   * necessaryDomain is that subset of the domain, else NULL). */
  int64_t necessaryPoints;
  char *necessaryDomain;
  /* SOLAR_EINSUM_PARAMETRIC necessaryPoints: its isl text, else NULL. */
  char *necessaryPointsExpr;
  /* False when necessaryPoints is only a lower bound of the necessary
   * domain's points (its count was not exact: einsum_necessary.c). */
  bool necessaryPointsExact;
  char *dtype;            /* element type of the stored value */
  bool exact;
  /* Derived by solarEinsumGraphInferPrecision, not part of the attribute:
   * computeDtype is the precision the node's arithmetic needs (the widest
   * intent width among its floating-point value operands; integer index
   * operands never decide it), operandDtype that widest operand width (or
   * INVALID when no float operand), accumulateDtype the declared float type
   * of the stored value, castsWiden when the IR computes in a wider type
   * than the intent (its casts are the importer's widening). */
  SolarDtype computeDtype, operandDtype, accumulateDtype;
  bool castsWiden;
} SolarEinsumNode;

typedef struct {
  int64_t producer, consumer, tensor;
  char *relation;         /* isl map: producer domain -> consumer domain;
                             "" in a graph handed over by a lift that built
                             no attribute (solarEinsumGraphLiftShared with
                             graph NULL): no stage reads it */
  int64_t elements;       /* distinct elements communicated */
  bool elementsExact;
  char *elementsExpr;     /* when parametric, else NULL */
} SolarEinsumEdge;

typedef struct {
  int64_t version;
  char *function;
  SolarEinsumParam *params;
  size_t paramCount;
  SolarEinsumTensor *tensors;
  size_t tensorCount;
  SolarEinsumNode *nodes;
  size_t nodeCount;
  SolarEinsumEdge *edges;
  size_t edgeCount;
  SolarOpCounts totalOps;
  int64_t totalFlops;
  char *totalFlopsExpr;   /* when parametric, else NULL */
  bool exact;             /* every count above is exact */
  int64_t warnings;
  /* What the warnings left out, "file:line:col: message" each (owned;
   * the attribute's optional `skipped`): the figures are partial. */
  char **skipped;
  size_t skippedCount;
  /* Lookups and parsed isl objects shared by the stages reading the graph
   * (einsum_graph_index.h); built by solarEinsumGraphRead, owned. */
  struct SolarGraphIndex *index;
  bool precisionInferred; /* solarEinsumGraphInferPrecision ran */
} SolarEinsumGraph;

/* Lifts one func.func into its graph attribute (#solar.einsum_graph).
 * Non-affine constructs are warned about (errors when `strict`); returns
 * false when an error was emitted. *graph is null only on failure. */
bool solarEinsumGraphLift(MlirOperation func, bool strict,
                          MlirAttribute *graph);

/* What a lift hands to the stages of the same run (passes/sol_common.c):
 * the graph dictionary with its #solar wrappers left out, which the reader
 * takes as it is instead of printing and re-parsing each wrapper, and the
 * isl objects the domain and access-map texts were printed from, which
 * the graph index keeps instead of parsing those texts. Opaque. */
typedef struct SolarLiftedGraph SolarLiftedGraph;

/* solarEinsumGraphLift, also giving *lifted (caller owns it: pass it to
 * solarEinsumGraphReadLifted, or free it with solarLiftedGraphDestroy);
 * *lifted is NULL on failure. With graph NULL the attribute is not built
 * at all (nobody will print it): only what *lifted holds. */
bool solarEinsumGraphLiftShared(MlirOperation func, bool strict,
                                MlirAttribute *graph,
                                SolarLiftedGraph **lifted);
/* solarEinsumGraphRead of the attribute `lifted` came with, through what
 * it holds; the same result. Takes lifted (NULL: a plain read). */
bool solarEinsumGraphReadLifted(MlirAttribute attr, SolarLiftedGraph *lifted,
                                SolarEinsumGraph *out, char *err,
                                size_t errSize);
void solarLiftedGraphDestroy(SolarLiftedGraph *lifted);

/* The graph of one func.func for comparing structures (equations, op
 * counts, tensors, edges: the import's check that two sizes are one
 * program): lifted as solarEinsumGraphLift does, warnings as errors never,
 * but without the necessary-work analysis (its sets and counts are left
 * empty) and without building the attribute; read from the lift's bare
 * twin. The rest of *out is what solarEinsumGraphRead of the attribute
 * gives. False with `err` on failure; else the caller owns *out
 * (solarEinsumGraphDestroy). */
bool solarEinsumGraphLiftStructure(MlirOperation func, SolarEinsumGraph *out,
                                   char *err, size_t errSize);

/* Reads a #solar.einsum_graph attribute. Returns false and writes a message
 * to err when the attribute is not a well-formed version-1 graph. On
 * success the caller owns *out and frees it with solarEinsumGraphDestroy. */
bool solarEinsumGraphRead(MlirAttribute attr, SolarEinsumGraph *out,
                          char *err, size_t errSize);
void solarEinsumGraphDestroy(SolarEinsumGraph *graph);


/* The node's op counts restricted to its necessary points: every op executed
 * at each point of the domain (opsPerPoint) is dropped at the points that
 * do no necessary work; ops of enclosing levels are kept. Equal to
 * node->ops when nothing is excluded or a count is parametric. */
void solarEinsumNodeNecessaryOps(const SolarEinsumNode *node,
                                 SolarOpCounts *out);
/* The same for one dtype row of node->opsByDtype. */
void solarEinsumNodeNecessaryDtypeOps(const SolarEinsumNode *node,
                                      const SolarDtypeOps *row,
                                      SolarOpCounts *out);
/* flops (2*mac + add + mul + div + minmax + cmp + transcendental) of the
 * necessary ops; node->flops when nothing is excluded. */
int64_t solarEinsumNodeNecessaryFlops(const SolarEinsumNode *node);
/* Fills the derived precision fields of every tensor and node (see
 * docs/sol-model.md, "Precision"). Returns false with a message naming the
 * type and tensor when an element type has no hardware key (f80, f128,
 * complex). */
bool solarEinsumGraphInferPrecision(SolarEinsumGraph *graph, char *err,
                                    size_t errSize);

/* The graph as JSON text (schema in docs/einsum-graph.md); caller frees. */
char *solarEinsumGraphToJson(const SolarEinsumGraph *graph);

#ifdef __cplusplus
}
#endif

#endif
