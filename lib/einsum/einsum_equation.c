/* Dimension labels and einsum equations.
 *
 * Parallel dims (those indexing the written tensor) are labelled in loop
 * order from a table keyed by their number, reduction dims likewise, so the
 * common kernels read the way people write them: matmul MK,KN->MN, batched
 * BMK,BKN->BMN, conv BC(P+R)(Q+S),OCRS->BOPQ. Other counts take unused
 * letters in order. An index that is not a single dim with coefficient 1 is
 * printed from isl's own form of the affine expression, in parentheses:
 * (P+R), (2P+R), (M%4) (modulo), (floor(M/4)). */
#include "einsum_internal.h"

#include <isl/space.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const parallelLetters[] = {"", "M", "MN", "BMN", "BOPQ"};
static const char *const reductionLetters[] = {"", "K", "RS", "CRS"};
static const char kSpareLetters[] = "IJLTUVWXYZADEFGH";

/* Dimension roles for labelling. */
enum { kIndexing, kReduction, kOther };

static int roleOf(EgNode *node, const EgAccess *write, int d) {
  if (node->reductionDims[d])
    return kReduction;
  /* A parallel dim that the written index does not mention (a tile loop,
   * determined by the point loop inside it) gets a spare letter. */
  isl_size written = write && write->indices
                         ? isl_multi_pw_aff_dim(write->indices, isl_dim_in)
                         : 0;
  if (write && write->indices && d < written &&
      isl_multi_pw_aff_involves_dims(write->indices, isl_dim_in, (unsigned)d,
                                     1) == isl_bool_true)
    return kIndexing;
  return write && write->indices ? kOther : kIndexing;
}

static void assignFrom(EgNode *node, const EgAccess *write, int role,
                       const char *table, char *used) {
  int k = 0;
  for (int d = 0; d < node->scope->depth; ++d) {
    if (roleOf(node, write, d) != role)
      continue;
    char letter = table ? table[k++] : '\0';
    for (const char *p = kSpareLetters; !letter && *p; ++p)
      if (!strchr(used, *p))
        letter = *p;
    if (letter) {
      size_t n = strlen(used);
      used[n] = letter;
      used[n + 1] = '\0';
      node->labels[d] = solarFormat("%c", letter);
    } else {
      node->labels[d] = solarFormat("D%d", d); /* isl name: d<n> */
    }
  }
}

void egAssignLabels(EgBuilder *b, EgNode *node) {
  (void)b;
  int depth = node->scope->depth;
  node->labels = calloc((size_t)depth + 1, sizeof(char *));
  if (!node->labels)
    abort();
  const EgAccess *write = NULL;
  for (int i = 0; i < node->accessCount && !write; ++i)
    if (node->accesses[i].write)
      write = &node->accesses[i];
  int counts[3] = {0, 0, 0};
  for (int d = 0; d < depth; ++d)
    counts[roleOf(node, write, d)]++;
  char used[64] = "";
  const char *pTable =
      counts[kIndexing] < 5 ? parallelLetters[counts[kIndexing]] : NULL;
  const char *rTable =
      counts[kReduction] < 4 ? reductionLetters[counts[kReduction]] : NULL;
  if (pTable)
    strcat(used, pTable);
  if (rTable)
    strcat(used, rTable);
  assignFrom(node, write, kIndexing, pTable, used);
  assignFrom(node, write, kReduction, rTable, used);
  assignFrom(node, write, kOther, NULL, used);
}

void egLabelName(const EgNode *node, int d, bool upper, char *buf,
                 size_t size) {
  snprintf(buf, size, "%s", node->labels[d]);
  for (char *p = buf; *p; ++p)
    *p = upper ? (char)toupper((unsigned char)*p)
               : (char)tolower((unsigned char)*p);
}

/* isl strings name dims by lower-case labels, equations use upper case. */
__isl_give isl_set *egNamedDomain(EgNode *node) {
  return egNamedSet(node, node->domain);
}

__isl_give isl_map *egNamedMap(EgNode *node, __isl_keep isl_map *map) {
  isl_map *named = isl_map_copy(map);
  for (int d = 0; d < node->scope->depth; ++d) {
    char name[32];
    egLabelName(node, d, false, name, sizeof(name));
    named = isl_map_set_dim_name(named, isl_dim_in, (unsigned)d, name);
  }
  return named;
}

/* The same names as egNamedMap gives a map's input dims, on the set
 * itself: going through a map and back costs two more copies. */
__isl_give isl_set *egNamedSet(EgNode *node, __isl_keep isl_set *points) {
  isl_set *named = isl_set_copy(points);
  for (int d = 0; d < node->scope->depth; ++d) {
    char name[32];
    egLabelName(node, d, false, name, sizeof(name));
    named = isl_set_set_dim_name(named, isl_dim_set, (unsigned)d, name);
  }
  return named;
}

static void reorder(const char *s, size_t n, char *out, size_t size);

/* Copies one term, reordering the sums inside its parentheses. */
static void copyTerm(const char *s, size_t n, char *out, size_t size) {
  for (size_t i = 0; i < n; ++i) {
    if (s[i] != '(') {
      char c[2] = {s[i], '\0'};
      strncat(out, c, size - strlen(out) - 1);
      continue;
    }
    size_t close = i + 1;
    for (int depth = 1; close < n; ++close) {
      depth += s[close] == '(' ? 1 : s[close] == ')' ? -1 : 0;
      if (depth == 0)
        break;
    }
    strncat(out, "(", size - strlen(out) - 1);
    reorder(s + i + 1, close - i - 1, out, size);
    strncat(out, ")", size - strlen(out) - 1);
    i = close;
  }
}

/* Group of a term: dims (upper-case labels) first, then parameters, then
 * constants, the way people write 2P+R or M+1 (isl puts constants first). */
static int termGroup(const char *s, size_t n) {
  bool digits = true;
  for (size_t i = 0; i < n; ++i) {
    if (isupper((unsigned char)s[i]))
      return 0;
    if (!isdigit((unsigned char)s[i]))
      digits = false;
  }
  return digits ? 2 : 1;
}

/* Appends the sum s[0..n) to out with its terms reordered. */
static void reorder(const char *s, size_t n, char *out, size_t size) {
  enum { kMaxTerms = 32 };
  size_t start[kMaxTerms], length[kMaxTerms];
  char sign[kMaxTerms];
  int terms = 0, depth = 0;
  size_t begin = 0;
  char pending = '+';
  for (size_t i = 0; i <= n && terms < kMaxTerms; ++i) {
    char c = i < n ? s[i] : '\0';
    if (c == '(')
      depth++;
    else if (c == ')')
      depth--;
    bool split = i == n || (depth == 0 && (c == '+' || c == '-'));
    if (!split)
      continue;
    if (i > begin) {
      start[terms] = begin;
      length[terms] = i - begin;
      sign[terms++] = pending;
    }
    pending = c == '-' ? '-' : '+';
    begin = i + 1;
  }
  bool first = true;
  for (int group = 0; group < 3; ++group) {
    for (int t = 0; t < terms; ++t) {
      if (termGroup(s + start[t], length[t]) != group)
        continue;
      if (sign[t] == '-' || !first) {
        char c[2] = {sign[t], '\0'};
        strncat(out, c, size - strlen(out) - 1);
      }
      first = false;
      copyTerm(s + start[t], length[t], out, size);
    }
  }
}

/* Drops spaces, writes `mod` as `%`, puts dims before constants and removes
 * parentheses around single names or numbers. */
static void tidy(char *text) {
  char *w = text;
  for (const char *r = text; *r; ++r)
    if (*r != ' ')
      *w++ = *r;
  *w = '\0';
  for (char *m; (m = strstr(text, "mod"));) {
    *m = '%';
    memmove(m + 1, m + 3, strlen(m + 3) + 1);
  }
  char ordered[512] = "";
  reorder(text, strlen(text), ordered, sizeof(ordered));
  strcpy(text, ordered);
  for (bool changed = true; changed;) {
    changed = false;
    for (char *open = strchr(text, '('); open; open = strchr(open + 1, '(')) {
      char *p = open + 1;
      while (isalnum((unsigned char)*p) || *p == '_')
        p++;
      if (*p == ')' && p > open + 1) {
        memmove(p, p + 1, strlen(p + 1) + 1);
        memmove(open, open + 1, strlen(open + 1) + 1);
        changed = true;
        break;
      }
    }
  }
}

static bool isSingleName(const char *text) {
  if (!*text)
    return false;
  for (const char *p = text; *p; ++p)
    if (!isalpha((unsigned char)*p))
      return false;
  return true;
}

typedef struct {
  isl_aff *aff;
  int pieces;
} OnePiece;

static isl_stat takePiece(__isl_take isl_set *set, __isl_take isl_aff *aff,
                          void *user) {
  OnePiece *one = user;
  isl_set_free(set);
  if (one->pieces++ == 0)
    one->aff = aff;
  else
    isl_aff_free(aff);
  return isl_stat_ok;
}

/* One index of an access in equation form, appended to out. Its first
 * `named` input dims are printed under the node's labels: naming the one
 * affine piece that is printed, not the whole multi_pw_aff (every piece
 * and domain of every index), gives the same text at a fraction of the
 * cost. */
static void appendIndex(char *out, size_t size, EgNode *node, int named,
                        __isl_take isl_pw_aff *pa) {
  OnePiece one = {NULL, 0};
  if (pa)
    isl_pw_aff_foreach_piece(pa, takePiece, &one);
  isl_pw_aff_free(pa);
  if (one.pieces != 1) {
    isl_aff_free(one.aff);
    strncat(out, "?", size - strlen(out) - 1);
    return;
  }
  for (int d = 0; d < named; ++d) {
    char name[32];
    egLabelName(node, d, true, name, sizeof(name));
    one.aff = isl_aff_set_dim_name(one.aff, isl_dim_in, (unsigned)d, name);
  }
  char *printed = isl_aff_to_str(one.aff);
  isl_aff_free(one.aff);
  char *open = printed ? strrchr(printed, '[') : NULL;
  char *close = printed ? strrchr(printed, ']') : NULL;
  if (!open || !close || close < open) {
    free(printed);
    strncat(out, "?", size - strlen(out) - 1);
    return;
  }
  *close = '\0';
  char expr[512];
  snprintf(expr, sizeof(expr), "%s", open + 1);
  free(printed);
  tidy(expr);
  size_t n = strlen(expr);
  if (n >= 2 && expr[0] == '(' && expr[n - 1] == ')') {
    /* Strip one pair of outer parentheses only when they match. */
    int depth = 0;
    bool outer = true;
    for (size_t i = 0; i < n - 1; ++i) {
      depth += expr[i] == '(' ? 1 : expr[i] == ')' ? -1 : 0;
      if (depth == 0) {
        outer = false;
        break;
      }
    }
    if (outer) {
      memmove(expr, expr + 1, n - 2);
      expr[n - 2] = '\0';
    }
  }
  char piece[600];
  snprintf(piece, sizeof(piece), isSingleName(expr) ? "%s" : "(%s)", expr);
  strncat(out, piece, size - strlen(out) - 1);
}

static void freePrintedIndex(void *payload) { free(payload); }

/* appendIndex through the memo: index i of an access of a known index
 * shape (einsum_access_build.c) prints the same under the same labels,
 * and nodes of one shape have the same labels. */
static void appendIndexOnce(EgBuilder *b, char *out, size_t size,
                            EgNode *node, int named, int shape, int i,
                            __isl_take isl_pw_aff *pa) {
  if (shape <= 0) {
    appendIndex(out, size, node, named, pa);
    return;
  }
  EgShapeKey key = {0};
  egShapeKeyAddInt(&key, shape);
  egShapeKeyAddInt(&key, i);
  for (int d = 0; d < named; ++d)
    egShapeKeyAdd(&key, node->labels[d]);
  char *text = egShapeMemoGet(b->equationMemo, key.text);
  if (!text) {
    char printed[640] = "";
    appendIndex(printed, sizeof(printed), node, named, pa);
    text = egStrdup(printed);
    egShapeMemoPut(b->equationMemo, key.text, text);
  } else {
    isl_pw_aff_free(pa);
  }
  free(key.text);
  strncat(out, text, size - strlen(out) - 1);
}

/* The access's indices as written, one per tensor dim; "?" for each dim
 * of an access that is not a function of the node's loops. */
static void appendOperand(EgBuilder *b, char *out, size_t size, EgNode *node,
                          const EgAccess *access) {
  if (!access->indices) {
    isl_size rank = isl_map_dim(access->map, isl_dim_out);
    for (int i = 0; i < rank; ++i)
      strncat(out, "?", size - strlen(out) - 1);
    return;
  }
  isl_multi_pw_aff *indices = access->indices;
  isl_size depth = isl_multi_pw_aff_dim(indices, isl_dim_in);
  int named = depth < node->scope->depth ? (int)depth : node->scope->depth;
  isl_size rank = isl_multi_pw_aff_dim(indices, isl_dim_out);
  for (int i = 0; i < rank; ++i)
    appendIndexOnce(b, out, size, node, named, access->indexShape, i,
                    isl_multi_pw_aff_get_at(indices, i));
}

char *egEquation(EgBuilder *b, EgNode *node) {
  if (!b->equationMemo)
    b->equationMemo = egShapeMemoCreate(freePrintedIndex);
  char text[4096] = "";
  int written = -1, operands = 0;
  for (int i = 0; i < node->accessCount; ++i) {
    const EgAccess *a = &node->accesses[i];
    if (a->write) {
      if (written < 0)
        written = i;
      continue;
    }
    if (a->accumulator || a->address)
      continue;
    bool repeated = false;
    for (int j = 0; j < i && !repeated; ++j) {
      const EgAccess *o = &node->accesses[j];
      repeated = !o->write && !o->accumulator && !o->address &&
                 o->tensor == a->tensor &&
                 isl_map_is_equal(o->map, a->map) == isl_bool_true;
    }
    if (repeated)
      continue;
    if (operands++)
      strncat(text, ",", sizeof(text) - strlen(text) - 1);
    appendOperand(b, text, sizeof(text), node, a);
  }
  strncat(text, "->", sizeof(text) - strlen(text) - 1);
  if (written >= 0)
    appendOperand(b, text, sizeof(text), node, &node->accesses[written]);
  /* Equations are asked node by node, in order: the memo ends with the
   * last one. */
  if (node == &b->nodes[b->nodeCount - 1]) {
    egShapeMemoDestroy(b->equationMemo);
    b->equationMemo = NULL;
  }
  return egStrdup(text);
}
