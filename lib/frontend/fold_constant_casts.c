/* Float casts of constants folded into constants of the cast's type.
 *
 * torch-mlir spells a Python float the exporter cannot hold exactly in f32
 * as an f64 constant and an arith.truncf in the body that uses it (the
 * attention scale 1/sqrt(head_dim): 0.1767... at head_dim 32), and one that
 * f32 holds exactly as an f32 constant (0.5 at head_dim 4). Left as it is,
 * the same program would carry a cast per point at one size and none at
 * another (the two-size structure check refuses that), and the analysis
 * would count, per point, a conversion any implementation does once. The
 * upstream folder keeps a truncf that loses bits; this one rounds the way
 * the op does at run time (to nearest, ties to even: its default), so
 * every value is unchanged. A truncf with an explicit rounding mode is
 * left alone. */
#include "solar/frontend/lower_to_affine.h"
#include "solar/support/op_list.h"

#include "solar/support/funcs.h"

#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"

static bool isFloatConstant(MlirValue value) {
  if (!mlirValueIsAOpResult(value))
    return false;
  MlirOperation def = mlirOpResultGetOwner(value);
  if (!solarOpIs(def, "arith.constant"))
    return false;
  MlirAttribute attr = mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("value"));
  return !mlirAttributeIsNull(attr) && mlirAttributeIsAFloat(attr);
}

static MlirWalkResult collect(MlirOperation op, void *userData) {
  bool cast = solarOpIs(op, "arith.truncf") || solarOpIs(op, "arith.extf");
  if (cast && mlirOperationGetNumOperands(op) == 1 &&
      mlirTypeIsAFloat(mlirValueGetType(mlirOperationGetResult(op, 0))) &&
      mlirAttributeIsNull(mlirOperationGetAttributeByName(
          op, mlirStringRefCreateFromCString("roundingmode"))) &&
      isFloatConstant(mlirOperationGetOperand(op, 0)))
    solarOpListPush(userData, op);
  return MlirWalkResultAdvance;
}

static void fold(MlirOperation cast) {
  MlirOperation def = mlirOpResultGetOwner(mlirOperationGetOperand(cast, 0));
  double value = mlirFloatAttrGetValueDouble(mlirOperationGetAttributeByName(
      def, mlirStringRefCreateFromCString("value")));
  MlirValue result = mlirOperationGetResult(cast, 0);
  MlirType type = mlirValueGetType(result);
  MlirContext ctx = mlirOperationGetContext(cast);
  /* FloatAttr converts the double to the type's semantics rounding to
   * nearest, ties to even: the value truncf computes (extf is exact). */
  MlirNamedAttribute valueAttr = mlirNamedAttributeGet(
      mlirIdentifierGet(ctx, mlirStringRefCreateFromCString("value")),
      mlirFloatAttrDoubleGet(ctx, type, value));
  MlirOperationState state = mlirOperationStateGet(
      mlirStringRefCreateFromCString("arith.constant"),
      mlirOperationGetLocation(cast));
  mlirOperationStateAddResults(&state, 1, &type);
  mlirOperationStateAddAttributes(&state, 1, &valueAttr);
  MlirOperation constant = mlirOperationCreate(&state);
  mlirBlockInsertOwnedOperationBefore(mlirOperationGetBlock(cast), cast,
                                      constant);
  mlirValueReplaceAllUsesOfWith(result, mlirOperationGetResult(constant, 0));
  mlirOperationDestroy(cast);
}

void solarFoldConstantCasts(MlirOperation op) {
  solarOpListRewriteAll(op, collect, MlirWalkPostOrder, fold);
}
