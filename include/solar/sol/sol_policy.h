/* The fp32 math policy: which fp32 contractions may run on TF32 tensor
 * cores (docs/sol-model.md, "fp32 math policy"), and the structural class
 * of a contraction that the policy is applied by. */
#ifndef SOLAR_SOL_POLICY_H
#define SOLAR_SOL_POLICY_H

#include "solar/einsum/einsum_graph.h"

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* How a framework runs a class of fp32 contractions. */
typedef enum SolarFp32Mode {
  SOLAR_FP32_IEEE, /* CUDA-core fp32 FMAs */
  SOLAR_FP32_TF32, /* TF32 tensor cores (10-bit mantissa products) */
  SOLAR_FP32_BF16, /* bf16 tensor-core passes (torch "medium" precision) */
} SolarFp32Mode;

/* Contraction classes, told apart by the einsum graph's structure alone
 * (never by op names): a convolution reads an operand through a sliding
 * window (an index that sums a parallel and a reduction dimension); an
 * attention contraction feeds, or is fed by, another contraction through
 * a transcendental (the softmax's exp); every other contraction is a
 * matmul. */
typedef enum SolarContractionClass {
  SOLAR_CONTRACTION_NONE = -1,
  SOLAR_CONTRACTION_CONV = 0,
  SOLAR_CONTRACTION_MATMUL,
  SOLAR_CONTRACTION_ATTENTION,
  SOLAR_CONTRACTION_CLASS_COUNT
} SolarContractionClass;

typedef struct SolarFp32Policy {
  SolarFp32Mode mode[SOLAR_CONTRACTION_CLASS_COUNT];
  /* True when nobody chose a policy (solar-opt alone): the report then
   * adds the all-TF32 figure beside the IEEE one. */
  bool isDefault;
} SolarFp32Policy;

/* "conv", "matmul", "attention", or "none". */
const char *solarContractionClassName(SolarContractionClass cls);
const char *solarFp32ModeName(SolarFp32Mode mode);

/* Every class IEEE, isDefault set. */
SolarFp32Policy solarFp32PolicyDefault(void);

/* "ieee" or "tf32" (every class), or a comma list of CLASS=MODE entries
 * (classes conv, matmul, attention; the ones left out are ieee), e.g.
 * "conv=tf32,matmul=ieee,attention=tf32". NULL or "" gives the default.
 * False with a message for anything else. */
bool solarFp32PolicyParse(const char *text, SolarFp32Policy *out, char *err,
                          size_t errSize);

/* "ieee", "tf32", or the per-class list when the classes differ. */
void solarFp32PolicyFormat(const SolarFp32Policy *policy, char *buf,
                           size_t size);

/* The class of graph->nodes[index]; NONE for a node without MACs. */
SolarContractionClass solarNodeContractionClass(const SolarEinsumGraph *graph,
                                                size_t index);

#ifdef __cplusplus
}
#endif

#endif
