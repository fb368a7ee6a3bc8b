/* The one difference the structure check (cli_structure.h) accepts
 * besides sizes: the full-size einsum graph is the verified one with more
 * repetitions of repeated blocks, as an unrolled loop over a sequence has
 * at a longer sequence (docs/importers.md, "Fewer repetitions"). Both
 * graphs must be the same nodes between the blocks, each block repeated
 * (at least twice at the verification sizes, so a dependence from one
 * repetition to the next is exercised), wired the same way relative to
 * the blocks. */
#ifndef SOLAR_CLI_STRUCTURE_REPEAT_H
#define SOLAR_CLI_STRUCTURE_REPEAT_H

#include "solar/einsum/einsum_graph.h"

#include <stdbool.h>
#include <stddef.h>

/* The first block that repeats more often at full size, and how many
 * do. */
typedef struct {
  size_t start;       /* first node of the block's first repetition */
  size_t period;      /* nodes per repetition */
  size_t smallCopies; /* repetitions at the verification sizes (>= 2) */
  size_t fullCopies;  /* repetitions at full size */
  size_t runs;        /* blocks repeated more often (>= 1) */
} SolarRepeat;

/* What differs between node `i` of `a` and node `j` of `b` apart from
 * sizes (equation coefficients included): NULL when nothing, else the
 * field ("equation", "reduction", "dtype", "accesses", "ops", "an access's
 * tensor"). Shared with the equal-count check (cli_structure.c). */
const char *solarStructureNodeDiffers(const SolarEinsumGraph *a, size_t i,
                                      const SolarEinsumGraph *b, size_t j);

/* True when `full` is `small` with more repetitions of blocks (*repeat
 * then says where and how many); false with the first place where they
 * differ otherwise in `why`. Only called when `full` has more nodes. */
bool solarStructureRepeated(const SolarEinsumGraph *small,
                            const SolarEinsumGraph *full, SolarRepeat *repeat,
                            char *why, size_t whySize);

#endif
