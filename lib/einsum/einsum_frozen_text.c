/* isl's text of a named domain or access map, once per representation
 * (einsum_frozen_text.h). */
#include "einsum_frozen_text.h"

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <isl/id.h>
#include <isl/mat.h>
#include <isl/space.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* Placeholder names of the template texts: bytes below ' ' appear in no
 * isl text and in no name the lift gives (plainName refuses them). */
enum {
  IN_TUPLE = 1,  /* a map's domain tuple, a set's tuple */
  OUT_TUPLE = 2, /* a map's range tuple */
  DIM = 3,       /* followed by FIRST_DIM + the input (set) dimension */
  FIRST_DIM = 0x21,
  MAX_DIMS = 0x7e - FIRST_DIM,
  MAX_REPS = 4 /* representations kept per key */
};

/* One representation met under a key: per piece its equality and
 * inequality rows, the parameters (isl's ids are unique per name), the
 * dimension counts, and the text printed with placeholder names. */
typedef struct {
  int pieces;
  isl_mat **rows; /* 2 per piece */
  size_t rowCapacity;
  isl_id **params;
  int paramCount, inDims, outDims; /* outDims -1: a set */
  uint32_t shape; /* the representation's class (egTextMemoMapShape) */
  char *text;     /* NULL until a text of it is asked for */
} Rep;

typedef struct {
  uint64_t key;
  bool isMap;
} EntryKey;

typedef struct {
  EntryKey key;
  int count;
  Rep reps[MAX_REPS];
} Entry;

static bool entryEqual(const void *entry, const void *key) {
  const EntryKey *a = &((const Entry *)entry)->key, *b = key;
  return a->key == b->key && a->isMap == b->isMap;
}

static const SolarHashKind kEntry = {sizeof(Entry), entryEqual};

struct EgTextMemo {
  SolarHashTable table;
  long reused, printed;
  uint32_t shapes; /* classes handed out */
};

static void clearRep(Rep *rep) {
  for (int i = 0; i < 2 * rep->pieces; ++i)
    isl_mat_free(rep->rows[i]);
  for (int i = 0; i < rep->paramCount; ++i)
    isl_id_free(rep->params[i]);
  free(rep->rows);
  free(rep->params);
  free(rep->text);
  memset(rep, 0, sizeof(*rep));
}

EgTextMemo *egTextMemoCreate(void) {
  return solarCalloc(1, sizeof(EgTextMemo));
}

void egTextMemoDestroy(EgTextMemo *memo) {
  if (!memo)
    return;
  size_t cursor = 0;
  for (Entry *e; (e = solarHashNext(&memo->table, &cursor));)
    for (int r = 0; r < e->count; ++r)
      clearRep(&e->reps[r]);
  solarHashClear(&memo->table);
  free(memo);
}

void egTextMemoStats(const EgTextMemo *memo, long *reused, long *printed) {
  *reused = memo ? memo->reused : 0;
  *printed = memo ? memo->printed : 0;
}

/* ---- reading a representation ---------------------------------------- */

static void addRows(Rep *rep, __isl_take isl_mat *eq, __isl_take isl_mat *ineq) {
  rep->rows = solarGrow(rep->rows, &rep->rowCapacity,
                        2 * (size_t)rep->pieces + 1, sizeof(isl_mat *));
  rep->rows[2 * rep->pieces] = eq;
  rep->rows[2 * rep->pieces + 1] = ineq;
  rep->pieces++;
}

/* isl_map_foreach_basic_map's callback: a piece's rows, or an error for a
 * piece whose text holds more than its rows (existentials, a rational or
 * empty piece). */
static isl_stat readPiece(__isl_take isl_basic_map *piece, void *user) {
  Rep *rep = user;
  isl_size divs = isl_basic_map_dim(piece, isl_dim_div);
  bool plain = divs == 0 &&
               isl_basic_map_is_rational(piece) == isl_bool_false &&
               isl_basic_map_plain_is_empty(piece) == isl_bool_false;
  if (plain)
    addRows(rep,
            isl_basic_map_equalities_matrix(piece, isl_dim_cst, isl_dim_param,
                                            isl_dim_in, isl_dim_out,
                                            isl_dim_div),
            isl_basic_map_inequalities_matrix(piece, isl_dim_cst,
                                              isl_dim_param, isl_dim_in,
                                              isl_dim_out, isl_dim_div));
  isl_basic_map_free(piece);
  return plain ? isl_stat_ok : isl_stat_error;
}

static isl_stat readSetPiece(__isl_take isl_basic_set *piece, void *user) {
  Rep *rep = user;
  isl_size divs = isl_basic_set_dim(piece, isl_dim_div);
  bool plain = divs == 0 && isl_basic_set_is_rational(piece) == 0 &&
               isl_basic_set_plain_is_empty(piece) == isl_bool_false;
  if (plain)
    addRows(rep,
            isl_basic_set_equalities_matrix(piece, isl_dim_cst, isl_dim_param,
                                            isl_dim_set, isl_dim_div),
            isl_basic_set_inequalities_matrix(piece, isl_dim_cst,
                                              isl_dim_param, isl_dim_set,
                                              isl_dim_div));
  isl_basic_set_free(piece);
  return plain ? isl_stat_ok : isl_stat_error;
}

static void readParams(Rep *rep, __isl_keep isl_space *space) {
  rep->paramCount = (int)isl_space_dim(space, isl_dim_param);
  rep->params = solarCalloc((size_t)rep->paramCount + 1, sizeof(isl_id *));
  for (int i = 0; i < rep->paramCount; ++i)
    rep->params[i] = isl_space_get_dim_id(space, isl_dim_param, (unsigned)i);
}

/* The representation of a map or set (set NULL for a map); false, with
 * rep cleared, for one the memo leaves to isl. */
static bool readRep(__isl_keep isl_map *map, __isl_keep isl_set *set,
                    Rep *rep) {
  memset(rep, 0, sizeof(*rep));
  isl_space *space = map ? isl_map_get_space(map) : isl_set_get_space(set);
  isl_stat ok = map ? isl_map_foreach_basic_map(map, readPiece, rep)
                    : isl_set_foreach_basic_set(set, readSetPiece, rep);
  if (map) {
    rep->inDims = (int)isl_space_dim(space, isl_dim_in);
    rep->outDims = (int)isl_space_dim(space, isl_dim_out);
  } else {
    rep->inDims = (int)isl_space_dim(space, isl_dim_set);
    rep->outDims = -1;
  }
  readParams(rep, space);
  isl_space_free(space);
  for (int i = 0; i < 2 * rep->pieces; ++i)
    if (!rep->rows[i])
      ok = isl_stat_error;
  if (ok != isl_stat_ok || rep->inDims < 0 || rep->paramCount < 0) {
    clearRep(rep);
    return false;
  }
  return true;
}

static bool sameRep(const Rep *a, const Rep *b) {
  if (a->pieces != b->pieces || a->paramCount != b->paramCount ||
      a->inDims != b->inDims || a->outDims != b->outDims)
    return false;
  for (int i = 0; i < a->paramCount; ++i)
    if (a->params[i] != b->params[i])
      return false;
  for (int i = 0; i < 2 * a->pieces; ++i)
    if (isl_mat_is_equal(a->rows[i], b->rows[i]) != isl_bool_true)
      return false;
  return true;
}

/* ---- names ------------------------------------------------------------- */

/* A name isl prints as it is and never confuses with one it makes up for
 * an unnamed dimension (a letter of "peio" and digits). */
static bool plainName(const char *name) {
  if (!name || !*name)
    return false;
  for (const char *p = name; *p; ++p)
    if ((unsigned char)*p < ' ')
      return false;
  if (!strchr("peio", name[0]) || !name[1])
    return true;
  for (const char *p = name + 1; *p; ++p)
    if (*p < '0' || *p > '9')
      return true;
  return false;
}

/* The names isl would print for the object: the tuples' and the input
 * (set) dimensions', every one plain and no two dimensions (parameters
 * included) alike, so isl marks none with primes; the range dimensions
 * unnamed. NULL when the object's names are not all like that. */
typedef struct {
  const char *inTuple, *outTuple;
  const char **dims;
} Names;

static bool readNames(__isl_keep isl_space *space, bool isMap, Names *n) {
  enum isl_dim_type dimType = isMap ? isl_dim_in : isl_dim_set;
  isl_size dims = isl_space_dim(space, dimType);
  isl_size params = isl_space_dim(space, isl_dim_param);
  if (dims < 0 || dims > MAX_DIMS || params < 0)
    return false;
  n->inTuple = isl_space_get_tuple_name(space, dimType);
  n->outTuple = isMap ? isl_space_get_tuple_name(space, isl_dim_out) : "";
  if (!plainName(n->inTuple) || (isMap && !plainName(n->outTuple)))
    return false;
  if (isMap) {
    isl_size out = isl_space_dim(space, isl_dim_out);
    for (int i = 0; i < out; ++i)
      if (isl_space_has_dim_name(space, isl_dim_out, (unsigned)i) !=
          isl_bool_false)
        return false;
  }
  n->dims = solarCalloc((size_t)dims + 1, sizeof(char *));
  for (int i = 0; i < dims; ++i) {
    const char *name = isl_space_get_dim_name(space, dimType, (unsigned)i);
    bool ok = plainName(name);
    for (int j = 0; ok && j < i; ++j)
      ok = strcmp(name, n->dims[j]) != 0;
    for (int j = 0; ok && j < params; ++j) {
      const char *param =
          isl_space_get_dim_name(space, isl_dim_param, (unsigned)j);
      ok = !param || strcmp(name, param) != 0;
    }
    if (!ok) {
      free(n->dims);
      n->dims = NULL;
      return false;
    }
    n->dims[i] = name;
  }
  return true;
}

/* The name a placeholder at p stands for; *skip: its bytes after the
 * first. NULL where p holds no placeholder. */
static const char *nameAt(const char *p, const Names *n, int *skip) {
  *skip = 0;
  switch ((unsigned char)*p) {
  case IN_TUPLE:
    return n->inTuple;
  case OUT_TUPLE:
    return n->outTuple;
  case DIM:
    *skip = 1;
    return n->dims[(unsigned char)p[1] - FIRST_DIM];
  default:
    return NULL;
  }
}

/* The template's names put in: measured, then copied once. */
static char *fillTemplate(const char *text, const Names *n) {
  size_t length = 0;
  int skip;
  for (const char *p = text; *p; p += 1 + skip) {
    const char *name = nameAt(p, n, &skip);
    length += name ? strlen(name) : 1;
  }
  char *out = solarCalloc(length + 1, 1);
  char *to = out;
  for (const char *p = text; *p; p += 1 + skip) {
    const char *name = nameAt(p, n, &skip);
    if (!name) {
      *to++ = *p;
      continue;
    }
    size_t size = strlen(name);
    memcpy(to, name, size);
    to += size;
  }
  return out;
}

/* The object's text with placeholder names. */
static char *printTemplate(__isl_keep isl_map *map, __isl_keep isl_set *set,
                           int dims) {
  char name[3] = {DIM, 0, 0};
  if (map) {
    isl_map *t = isl_map_copy(map);
    t = isl_map_set_tuple_name(t, isl_dim_in, (char[]){IN_TUPLE, 0});
    t = isl_map_set_tuple_name(t, isl_dim_out, (char[]){OUT_TUPLE, 0});
    for (int d = 0; d < dims; ++d) {
      name[1] = (char)(FIRST_DIM + d);
      t = isl_map_set_dim_name(t, isl_dim_in, (unsigned)d, name);
    }
    char *text = isl_map_to_str(t);
    isl_map_free(t);
    return text;
  }
  isl_set *t = isl_set_set_tuple_name(isl_set_copy(set), (char[]){IN_TUPLE, 0});
  for (int d = 0; d < dims; ++d) {
    name[1] = (char)(FIRST_DIM + d);
    t = isl_set_set_dim_name(t, isl_dim_set, (unsigned)d, name);
  }
  char *text = isl_set_to_str(t);
  isl_set_free(t);
  return text;
}

/* The stored representation of the object under key, stored now when
 * new (its text printed later, when asked for); NULL, with *shape a class
 * of its own, when the entry is full, and with *shape 0 when the memo
 * leaves the object to isl (key 0, existentials, rational or empty
 * pieces). */
static Rep *findRep(EgTextMemo *memo, uint64_t key, __isl_keep isl_map *map,
                    __isl_keep isl_set *set, uint32_t *shape) {
  *shape = 0;
  Rep rep;
  if (!key || !readRep(map, set, &rep))
    return NULL;
  /* Hashed as bytes: the padding after isMap must be zero too, or equal
   * keys hash apart (valgrind: uninitialised bytes). */
  EntryKey k;
  memset(&k, 0, sizeof(k));
  k.key = key;
  k.isMap = map != NULL;
  bool added;
  Entry *entry = solarHashInsert(&memo->table, &kEntry,
                                 solarHashBytes(&k, sizeof(k)), &k, &added);
  if (added)
    entry->key = k;
  for (int r = 0; r < entry->count; ++r)
    if (sameRep(&entry->reps[r], &rep)) {
      clearRep(&rep);
      *shape = entry->reps[r].shape;
      return &entry->reps[r];
    }
  *shape = ++memo->shapes;
  if (entry->count == MAX_REPS) {
    clearRep(&rep);
    return NULL;
  }
  rep.shape = *shape;
  entry->reps[entry->count] = rep;
  return &entry->reps[entry->count++];
}

/* isl's text of the object: the stored representation's template with
 * the object's names put in, where its names allow (printed into the
 * representation the first time), else isl's own printing. */
static char *textOf(EgTextMemo *memo, Rep *rep, __isl_keep isl_map *map,
                    __isl_keep isl_set *set) {
  Names names = {0};
  isl_space *space = map ? isl_map_get_space(map) : isl_set_get_space(set);
  bool named = rep && readNames(space, map != NULL, &names);
  isl_space_free(space);
  if (named && !rep->text) {
    memo->printed++;
    rep->text = printTemplate(map, set, rep->inDims);
  } else if (named) {
    memo->reused++;
  }
  if (!named || !rep->text) {
    free(names.dims);
    if (!named)
      memo->printed++;
    return map ? isl_map_to_str(map) : isl_set_to_str(set);
  }
  char *text = fillTemplate(rep->text, &names);
  free(names.dims);
  return text;
}

static uint32_t classOf(EgTextMemo *memo, uint64_t key,
                        __isl_keep isl_map *map, __isl_keep isl_set *set,
                        char **text) {
  uint32_t shape;
  Rep *rep = findRep(memo, key, map, set, &shape);
  if (text)
    *text = textOf(memo, rep, map, set);
  return shape;
}

uint32_t egTextMemoMapShape(EgTextMemo *memo, uint64_t key,
                            __isl_keep isl_map *map, char **text) {
  return classOf(memo, key, map, NULL, text);
}

uint32_t egTextMemoSetShape(EgTextMemo *memo, uint64_t key,
                            __isl_keep isl_set *set, char **text) {
  return classOf(memo, key, NULL, set, text);
}

char *egTextMemoMap(EgTextMemo *memo, uint64_t key, __isl_keep isl_map *map) {
  char *text;
  egTextMemoMapShape(memo, key, map, &text);
  return text;
}

char *egTextMemoSet(EgTextMemo *memo, uint64_t key, __isl_keep isl_set *set) {
  char *text;
  egTextMemoSetShape(memo, key, set, &text);
  return text;
}
