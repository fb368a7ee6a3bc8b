/* Operation classes and per-node op counting.
 *
 * Classes follow what hardware runs at different rates: a multiply feeding
 * a reduction add is one MAC (decided in einsum_statement.c), transcendental
 * functions, divisions, casts and the rest are kept apart. Constants, views
 * and terminators are not compute. */
#include "einsum_internal.h"
#include "solar/support/grow.h"

#include "mlir-c/BuiltinTypes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const classNames[SOLAR_OP_CLASS_COUNT] = {
    "mac", "add", "mul", "cmp", "select",
    "minmax", "div", "transcendental", "cast", "other"};

const char *solarOpClassName(SolarOpClass cls) {
  return cls >= 0 && cls < SOLAR_OP_CLASS_COUNT ? classNames[cls] : "?";
}

const char *egOpClassName(SolarOpClass cls) { return solarOpClassName(cls); }

static const int classFlops[SOLAR_OP_CLASS_COUNT] = {
    [SOLAR_OP_MAC] = 2,    [SOLAR_OP_ADD] = 1, [SOLAR_OP_MUL] = 1,
    [SOLAR_OP_DIV] = 1,    [SOLAR_OP_MINMAX] = 1, [SOLAR_OP_CMP] = 1,
    [SOLAR_OP_TRANSCENDENTAL] = 1};

int solarOpClassFlops(SolarOpClass cls) {
  return cls >= 0 && cls < SOLAR_OP_CLASS_COUNT ? classFlops[cls] : 0;
}

static const char *const roleNames[SOLAR_ROLE_COUNT] = {
    "input", "output", "inout", "weight", "intermediate", "returned",
    "unused"};

const char *solarTensorRoleName(SolarTensorRole role) {
  return role >= 0 && role < SOLAR_ROLE_COUNT ? roleNames[role] : "?";
}

bool solarTensorRoleFromName(const char *name, SolarTensorRole *role) {
  for (int i = 0; i < SOLAR_ROLE_COUNT; ++i)
    if (strcmp(roleNames[i], name) == 0) {
      *role = (SolarTensorRole)i;
      return true;
    }
  return false;
}

static const char *const accessRoleNames[SOLAR_ACCESS_ROLE_COUNT] = {
    [SOLAR_ACCESS_ROLE_OPERAND] = "operand",
    [SOLAR_ACCESS_ROLE_OUTPUT] = "output",
    [SOLAR_ACCESS_ROLE_ACCUMULATOR] = "accumulator",
    [SOLAR_ACCESS_ROLE_ADDRESS] = "address"};

const char *solarAccessRoleName(SolarAccessRole role) {
  return (int)role >= 0 && role < SOLAR_ACCESS_ROLE_COUNT
             ? accessRoleNames[role]
             : "?";
}

bool solarAccessRoleFromName(const char *name, SolarAccessRole *role) {
  for (int i = 0; name && i < SOLAR_ACCESS_ROLE_COUNT; ++i)
    if (strcmp(accessRoleNames[i], name) == 0) {
      *role = (SolarAccessRole)i;
      return true;
    }
  return false;
}

typedef struct {
  const char *name;
  SolarOpClass cls;
} ClassEntry;

static const ClassEntry classTable[] = {
    {"math.fma", SOLAR_OP_MAC},
    {"arith.addf", SOLAR_OP_ADD}, {"arith.subf", SOLAR_OP_ADD},
    {"arith.addi", SOLAR_OP_ADD}, {"arith.subi", SOLAR_OP_ADD},
    {"index.add", SOLAR_OP_ADD}, {"index.sub", SOLAR_OP_ADD},
    {"arith.mulf", SOLAR_OP_MUL}, {"arith.muli", SOLAR_OP_MUL},
    {"index.mul", SOLAR_OP_MUL},
    {"arith.cmpf", SOLAR_OP_CMP}, {"arith.cmpi", SOLAR_OP_CMP},
    {"arith.select", SOLAR_OP_SELECT},
    {"arith.maximumf", SOLAR_OP_MINMAX}, {"arith.minimumf", SOLAR_OP_MINMAX},
    {"arith.maxnumf", SOLAR_OP_MINMAX}, {"arith.minnumf", SOLAR_OP_MINMAX},
    {"arith.maxsi", SOLAR_OP_MINMAX}, {"arith.minsi", SOLAR_OP_MINMAX},
    {"arith.maxui", SOLAR_OP_MINMAX}, {"arith.minui", SOLAR_OP_MINMAX},
    {"arith.divf", SOLAR_OP_DIV}, {"arith.remf", SOLAR_OP_DIV},
    {"arith.divsi", SOLAR_OP_DIV}, {"arith.divui", SOLAR_OP_DIV},
    {"arith.remsi", SOLAR_OP_DIV}, {"arith.remui", SOLAR_OP_DIV},
    {"arith.floordivsi", SOLAR_OP_DIV}, {"arith.ceildivsi", SOLAR_OP_DIV},
    {"arith.ceildivui", SOLAR_OP_DIV},
    {"arith.extf", SOLAR_OP_CAST}, {"arith.truncf", SOLAR_OP_CAST},
    {"arith.sitofp", SOLAR_OP_CAST}, {"arith.uitofp", SOLAR_OP_CAST},
    {"arith.fptosi", SOLAR_OP_CAST}, {"arith.fptoui", SOLAR_OP_CAST},
    {"arith.extsi", SOLAR_OP_CAST}, {"arith.extui", SOLAR_OP_CAST},
    {"arith.trunci", SOLAR_OP_CAST}, {"arith.index_cast", SOLAR_OP_CAST},
    {"arith.index_castui", SOLAR_OP_CAST}, {"arith.bitcast", SOLAR_OP_CAST},
    {"arith.negf", SOLAR_OP_OTHER}, {"arith.andi", SOLAR_OP_OTHER},
    {"arith.ori", SOLAR_OP_OTHER}, {"arith.xori", SOLAR_OP_OTHER},
    {"arith.shli", SOLAR_OP_OTHER}, {"arith.shrsi", SOLAR_OP_OTHER},
    {"arith.shrui", SOLAR_OP_OTHER},
    {"math.absf", SOLAR_OP_OTHER}, {"math.absi", SOLAR_OP_OTHER},
    {"math.copysign", SOLAR_OP_OTHER}, {"math.floor", SOLAR_OP_OTHER},
    {"math.ceil", SOLAR_OP_OTHER}, {"math.round", SOLAR_OP_OTHER},
    {"math.roundeven", SOLAR_OP_OTHER}, {"math.trunc", SOLAR_OP_OTHER},
    {"math.ctlz", SOLAR_OP_OTHER}, {"math.cttz", SOLAR_OP_OTHER},
    {"math.ctpop", SOLAR_OP_OTHER}, {"math.isnan", SOLAR_OP_CMP},
    {"math.isinf", SOLAR_OP_CMP}, {"math.isfinite", SOLAR_OP_CMP},
    {"func.call", SOLAR_OP_OTHER},
};

/* Everything else in the math dialect is a transcendental function (exp,
 * exp2, expm1, log*, tanh, tan, sin, cos, atan*, erf*, sqrt, rsqrt, cbrt,
 * powf, fpowi, ipowi, ...). */
EgOpKind egClassifyOp(MlirOperation op, SolarOpClass *cls) {
  char name[128];
  egOpName(op, name, sizeof(name));
  for (size_t i = 0; i < sizeof(classTable) / sizeof(classTable[0]); ++i)
    if (strcmp(classTable[i].name, name) == 0) {
      *cls = classTable[i].cls;
      return EG_OP_COMPUTE;
    }
  if (strncmp(name, "math.", 5) == 0) {
    *cls = SOLAR_OP_TRANSCENDENTAL;
    return EG_OP_COMPUTE;
  }
  if (strcmp(name, "arith.constant") == 0 ||
      strcmp(name, "index.constant") == 0 ||
      strcmp(name, "builtin.unrealized_conversion_cast") == 0)
    return EG_OP_NOT_COMPUTE;
  *cls = SOLAR_OP_OTHER;
  return EG_OP_UNKNOWN;
}

const char *egCombinerKind(MlirOperation op) {
  static const struct {
    const char *name, *kind;
  } kinds[] = {
      {"arith.addf", "add"},     {"arith.addi", "add"},
      {"arith.subf", "add"},     {"arith.subi", "add"},
      {"arith.mulf", "mul"},     {"arith.muli", "mul"},
      {"arith.maximumf", "max"}, {"arith.maxnumf", "max"},
      {"arith.maxsi", "max"},    {"arith.maxui", "max"},
      {"arith.minimumf", "min"}, {"arith.minnumf", "min"},
      {"arith.minsi", "min"},    {"arith.minui", "min"},
      {"arith.ori", "or"},       {"arith.andi", "and"},
      {"arith.xori", "xor"},
  };
  for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); ++i)
    if (solarOpIs(op, kinds[i].name))
      return kinds[i].kind;
  return NULL;
}

void egOpDtype(MlirOperation op, char *buf, size_t size, int64_t *lanes) {
  /* Comparisons and casts compute in their operand type. */
  MlirType type;
  SolarOpClass cls = SOLAR_OP_OTHER;
  bool cast = egClassifyOp(op, &cls) == EG_OP_COMPUTE && cls == SOLAR_OP_CAST;
  bool byOperand =
      (cast || solarOpIs(op, "arith.cmpf") || solarOpIs(op, "arith.cmpi") ||
       solarOpIs(op, "math.isnan") || solarOpIs(op, "math.isinf") ||
       solarOpIs(op, "math.isfinite")) &&
      mlirOperationGetNumOperands(op) > 0;
  if (solarOpIs(op, "arith.select") && mlirOperationGetNumOperands(op) > 1)
    type = mlirValueGetType(mlirOperationGetOperand(op, 1));
  else if (byOperand || mlirOperationGetNumResults(op) == 0)
    type = mlirValueGetType(mlirOperationGetOperand(op, 0));
  else
    type = mlirValueGetType(mlirOperationGetResult(op, 0));
  *lanes = 1;
  if (mlirTypeIsAVector(type) && mlirShapedTypeHasStaticShape(type)) {
    for (intptr_t i = 0; i < mlirShapedTypeGetRank(type); ++i)
      *lanes *= mlirShapedTypeGetDimSize(type, i);
    type = mlirShapedTypeGetElementType(type);
  }
  egTypeString(type, buf, size);
}

static EgDtypeOps *dtypeRow(EgNode *node, const char *dtype) {
  for (int i = 0; i < node->opsCount; ++i)
    if (strcmp(node->ops[i].dtype, dtype) == 0)
      return &node->ops[i];
  /* A handful of dtypes per node: grown one row at a time. */
  size_t capacity = (size_t)node->opsCount;
  node->ops = solarGrow(node->ops, &capacity, (size_t)node->opsCount,
                        sizeof(EgDtypeOps));
  EgDtypeOps *row = &node->ops[node->opsCount++];
  memset(row, 0, sizeof(*row));
  row->dtype = egStrdup(dtype);
  return row;
}

void egNodeCountOp(EgBuilder *b, EgNode *node, EgScope *scope,
                   SolarOpClass cls, const char *dtype, int64_t lanes) {
  EgDtypeOps *row = dtypeRow(node, dtype);
  if (scope == node->scope)
    row->perPoint[cls] += lanes;
  const SolarCount *count = egScopeCount(b, scope);
  if (!count->count) {
    node->exact = false;
    return;
  }
  if (!count->exact)
    node->exact = false;
  bool dropped = false;
  row->total[cls] = solarCountPwQpolynomialAddOrKeep(
      row->total[cls], solarCountScaled(count, lanes), &dropped);
  if (dropped)
    node->exact = false;
}
