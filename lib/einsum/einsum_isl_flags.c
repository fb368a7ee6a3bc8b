/* A set's only piece and isl's disjoint mark of a set
 * (einsum_isl_flags.h). */
#include "einsum_isl_flags.h"

#include <isl/ctx.h>
#include <isl/space.h>

/* The head of isl 0.25's struct isl_map (isl_map_private.h): its
 * reference count, then its flags. */
typedef struct {
  int ref;
  unsigned flags;
} IslMapHead;

enum { ISL_MAP_DISJOINT_FLAG = 1 << 0 };

static unsigned headFlags(__isl_keep isl_set *set, int *ref) {
  const IslMapHead *head = (const IslMapHead *)(const void *)set;
  *ref = head->ref;
  return head->flags;
}

/* Whether the head is read right: a set isl builds from one basic set is
 * marked disjoint, two boxes united (isl_set_union clears the mark) and
 * coalesced into one are not, and a copy counts one more reference. */
bool egIslDisjointFlagReadable(isl_ctx *ctx) {
  static _Atomic int checked = -1; /* every thread finds the same */
  if (checked >= 0)
    return checked;
  isl_space *space = isl_space_set_alloc(ctx, 0, 1);
  isl_set *one = isl_set_universe(isl_space_copy(space));
  isl_set *low = isl_set_upper_bound_si(
      isl_set_lower_bound_si(isl_set_universe(isl_space_copy(space)),
                             isl_dim_set, 0, 0),
      isl_dim_set, 0, 1);
  isl_set *high = isl_set_upper_bound_si(
      isl_set_lower_bound_si(isl_set_universe(space), isl_dim_set, 0, 2),
      isl_dim_set, 0, 3);
  isl_set *joined = isl_set_coalesce(isl_set_union(low, high));
  int ref1, ref2, ref3;
  bool ok = one && joined && isl_set_n_basic_set(joined) == 1 &&
            (headFlags(one, &ref1) & ISL_MAP_DISJOINT_FLAG) && ref1 == 1 &&
            !(headFlags(joined, &ref2) & ISL_MAP_DISJOINT_FLAG) && ref2 == 1;
  isl_set *copy = isl_set_copy(one);
  ok = ok && (headFlags(one, &ref3), ref3 == 2);
  isl_set_free(copy);
  isl_set_free(one);
  isl_set_free(joined);
  checked = ok;
  return ok;
}

bool egIslMarkedDisjoint(__isl_keep isl_set *set) {
  int ref;
  return headFlags(set, &ref) & ISL_MAP_DISJOINT_FLAG;
}

__isl_give isl_basic_set *egIslOnlyPiece(__isl_keep isl_set *set) {
  if (isl_set_n_basic_set(set) != 1)
    return NULL;
  isl_basic_set_list *list = isl_set_get_basic_set_list(set);
  isl_basic_set *piece = isl_basic_set_list_get_at(list, 0);
  isl_basic_set_list_free(list);
  return piece;
}
