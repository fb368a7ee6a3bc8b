/* A memo of isl results keyed by text, for the lift's per-statement work.
 *
 * A network repeats a few loop-nest shapes many times (every layer of a
 * stage has the same bounds, every elementwise op the same accesses), and
 * building the same domain or access relation again costs far more than
 * printing its inputs. A key names everything the result depends on: when
 * two keys are equal the isl operations that built the first result would
 * run again on inputs of the same representation and give an object of the
 * same representation (isl is deterministic). Callers hand out copies that
 * share nothing with the stored object (egShapeMemoFresh*), so that isl's
 * in-place simplification of one caller's object never reaches another.
 * The memo owns its keys and payloads (freed through `destroy`). */
#ifndef SOLAR_EINSUM_SHAPE_MEMO_H
#define SOLAR_EINSUM_SHAPE_MEMO_H

#include "solar/support/text.h"

#include <isl/map.h>
#include <isl/set.h>

#include <stddef.h>

typedef struct EgShapeMemo EgShapeMemo;

EgShapeMemo *egShapeMemoCreate(void (*destroy)(void *payload));
void egShapeMemoDestroy(EgShapeMemo *memo);
/* The payload stored under key, or NULL. */
void *egShapeMemoGet(const EgShapeMemo *memo, const char *key);
/* Stores payload under key (copied); the memo owns the payload. */
void egShapeMemoPut(EgShapeMemo *memo, const char *key, void *payload);

/* The tuple name of stored objects; no lifted object has it. Storing a
 * result as egShapeMemoFreshSet(result, EG_SHAPE_MEMO_STORED) keeps the
 * memo's object apart from the caller's. */
#define EG_SHAPE_MEMO_STORED "__solar_memo"

/* A growing key: pieces appended with egShapeKeyAdd (text) and
 * egShapeKeyAddInt, each ended by '|'; the caller frees text. */
typedef SolarText EgShapeKey;
void egShapeKeyAdd(EgShapeKey *key, const char *piece);
void egShapeKeyAddInt(EgShapeKey *key, long value);
/* Appends the printed object and frees the printed text. */
void egShapeKeyAddPrinted(EgShapeKey *key, char *printed);

/* A copy of `set` sharing no basic set with it (isl copies on write when
 * the space changes), with tuple name `name` (NULL: anonymous). */
__isl_give isl_set *egShapeMemoFreshSet(__isl_keep isl_set *set,
                                        const char *name);
/* The same for a map, with both tuple names given. */
__isl_give isl_map *egShapeMemoFreshMap(__isl_keep isl_map *map,
                                        const char *in, const char *out);

#endif
