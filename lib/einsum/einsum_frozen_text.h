/* isl's text of a named domain or access map, printed once per
 * representation (egGraphFreezeText).
 *
 * isl prints an object from its representation (the basic sets' rows in
 * order, its space) and the names of its tuples and dimensions, which it
 * copies into the text as they are: where no name repeats and none looks
 * like a name isl makes up for an unnamed dimension ("i0", "o1", "e2",
 * "p3", which it would mark with primes), the text of one object is the
 * text of another of the same representation with the names replaced.
 * The lift's objects repeat a few representations many times (a network
 * repeats its layers), so a memo keeps, per caller's key (the access or
 * scope shape the object was copied from), the representations met and
 * their texts printed with placeholder names; an object whose rows,
 * parameters and dimension counts equal a stored one's gets that text
 * with its own names put in, any other is printed by isl (and stored).
 * The rows are compared, not assumed: isl simplifies objects in place
 * (isl_map_is_equal normalizes both maps it is given), so two copies of
 * one shape need not print alike by the time the texts are frozen.
 *
 * Each stored representation is a class: a lift for the stages alone
 * (plain --solar-sol, no attribute) hands them its objects with their
 * classes and prints no text of a classed object, since the stages' shape
 * memo (lib/fusion/sol_shape_memo.c) keys facts of constraints alone; a
 * representation's text is printed the first time one is asked for. */
#ifndef SOLAR_EINSUM_FROZEN_TEXT_H
#define SOLAR_EINSUM_FROZEN_TEXT_H

#include <isl/map.h>
#include <isl/set.h>

#include <stdint.h>

typedef struct EgTextMemo EgTextMemo;

EgTextMemo *egTextMemoCreate(void);
void egTextMemoDestroy(EgTextMemo *memo);

/* isl_map_to_str(map) / isl_set_to_str(set), the same text, through the
 * memo's entries under key (any value; 0 prints directly). The caller
 * frees the text. */
char *egTextMemoMap(EgTextMemo *memo, uint64_t key, __isl_keep isl_map *map);
char *egTextMemoSet(EgTextMemo *memo, uint64_t key, __isl_keep isl_set *set);

/* The class of the object's representation under key: two objects of
 * one class are equal constraint for constraint (rows, parameters,
 * dimension counts) up to their tuple and dimension names, so the stages
 * may key facts by it without a text (egGraphFreezeText). Classes count
 * from 1 across maps and sets; 0 when the memo leaves the object to isl
 * (key 0, existentials, rational or empty pieces). With text non-NULL,
 * *text gets isl_map_to_str(map) (isl_set_to_str(set)) as above, else no
 * text is printed. */
uint32_t egTextMemoMapShape(EgTextMemo *memo, uint64_t key,
                            __isl_keep isl_map *map, char **text);
uint32_t egTextMemoSetShape(EgTextMemo *memo, uint64_t key,
                            __isl_keep isl_set *set, char **text);

/* Texts handed out from a stored representation, and texts isl printed
 * (counted for the unit test and measurements). */
void egTextMemoStats(const EgTextMemo *memo, long *reused, long *printed);

#endif
