/* Queries on the scopes einsum_domain.c builds: their spaces, dimensions,
 * ancestry and point counts. */
#include "einsum_internal.h"

#include <isl/space.h>

__isl_give isl_space *egScopeSpace(EgBuilder *b, const EgScope *scope) {
  return isl_space_add_dims(
      isl_space_set_from_params(isl_space_copy(b->paramSpace)), isl_dim_set,
      (unsigned)scope->depth);
}

int egScopeDimOf(const EgScope *scope, MlirValue iv) {
  for (int i = 0; i < scope->depth; ++i)
    if (!mlirValueIsNull(scope->ivs[i]) && mlirValueEqual(scope->ivs[i], iv))
      return i;
  return -1;
}

bool egScopeIsAncestor(const EgScope *ancestor, const EgScope *scope) {
  for (; scope; scope = scope->parent)
    if (scope == ancestor)
      return true;
  return false;
}

EgScope *egScopeCommonAncestor(EgScope *a, EgScope *b) {
  for (EgScope *s = a; s; s = s->parent)
    if (egScopeIsAncestor(s, b))
      return s;
  return NULL;
}

EgScope *egScopeOfBlock(EgBuilder *b, MlirBlock block) {
  intptr_t id;
  return egHandleMapGet(&b->scopeOfBlock, block.ptr, &id) ? b->scopes[id]
                                                           : NULL;
}

EgScope *egScopeOfOp(EgBuilder *b, MlirOperation op) {
  return egScopeOfBlock(b, mlirOperationGetBlock(op));
}

const SolarCount *egScopeCount(EgBuilder *b, EgScope *scope) {
  if (!scope->counted) {
    scope->counted = true;
    solarCountSetCached(b->counts, scope->domain, &scope->count);
    if (!scope->exact)
      scope->count.exact = false;
  }
  return &scope->count;
}
