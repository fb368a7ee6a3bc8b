/* The fp32 math policy and the structural contraction classes it is
 * applied by (docs/sol-model.md, "fp32 math policy"). */
#include "solar/sol/sol_policy.h"
#include "solar/einsum/einsum_graph_index.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const classNames[SOLAR_CONTRACTION_CLASS_COUNT] = {
    [SOLAR_CONTRACTION_CONV] = "conv",
    [SOLAR_CONTRACTION_MATMUL] = "matmul",
    [SOLAR_CONTRACTION_ATTENTION] = "attention",
};

const char *solarContractionClassName(SolarContractionClass cls) {
  return cls >= 0 && cls < SOLAR_CONTRACTION_CLASS_COUNT ? classNames[cls]
                                                         : "none";
}

const char *solarFp32ModeName(SolarFp32Mode mode) {
  return mode == SOLAR_FP32_TF32   ? "tf32"
         : mode == SOLAR_FP32_BF16 ? "bf16"
                                   : "ieee";
}

SolarFp32Policy solarFp32PolicyDefault(void) {
  SolarFp32Policy policy = {.isDefault = true};
  for (int c = 0; c < SOLAR_CONTRACTION_CLASS_COUNT; ++c)
    policy.mode[c] = SOLAR_FP32_IEEE;
  return policy;
}

static bool parseMode(const char *text, size_t length, SolarFp32Mode *mode) {
  if (length == 4 && strncmp(text, "ieee", 4) == 0)
    *mode = SOLAR_FP32_IEEE;
  else if (length == 4 && strncmp(text, "tf32", 4) == 0)
    *mode = SOLAR_FP32_TF32;
  else if (length == 4 && strncmp(text, "bf16", 4) == 0)
    *mode = SOLAR_FP32_BF16;
  else
    return false;
  return true;
}

static bool parseEntry(const char *entry, size_t length,
                       SolarFp32Policy *out) {
  const char *eq = memchr(entry, '=', length);
  if (!eq)
    return false;
  size_t nameLength = (size_t)(eq - entry);
  for (int c = 0; c < SOLAR_CONTRACTION_CLASS_COUNT; ++c) {
    if (strlen(classNames[c]) == nameLength &&
        strncmp(entry, classNames[c], nameLength) == 0)
      return parseMode(eq + 1, length - nameLength - 1, &out->mode[c]);
  }
  return false;
}

bool solarFp32PolicyParse(const char *text, SolarFp32Policy *out, char *err,
                          size_t errSize) {
  *out = solarFp32PolicyDefault();
  if (!text || !*text)
    return true;
  out->isDefault = false;
  SolarFp32Mode all;
  if (parseMode(text, strlen(text), &all)) {
    for (int c = 0; c < SOLAR_CONTRACTION_CLASS_COUNT; ++c)
      out->mode[c] = all;
    return true;
  }
  for (const char *entry = text; *entry;) {
    const char *comma = strchr(entry, ',');
    size_t length = comma ? (size_t)(comma - entry) : strlen(entry);
    if (!parseEntry(entry, length, out)) {
      snprintf(err, errSize,
               "fp32 math '%s' is not ieee, tf32 or a list of CLASS=MODE "
               "(classes conv, matmul, attention; modes ieee, tf32, bf16)",
               text);
      return false;
    }
    entry += length + (comma ? 1 : 0);
  }
  return true;
}

void solarFp32PolicyFormat(const SolarFp32Policy *policy, char *buf,
                           size_t size) {
  bool uniform = true;
  for (int c = 1; c < SOLAR_CONTRACTION_CLASS_COUNT; ++c)
    uniform &= policy->mode[c] == policy->mode[0];
  if (uniform) {
    snprintf(buf, size, "%s", solarFp32ModeName(policy->mode[0]));
    return;
  }
  snprintf(buf, size, "conv=%s,matmul=%s,attention=%s",
           solarFp32ModeName(policy->mode[SOLAR_CONTRACTION_CONV]),
           solarFp32ModeName(policy->mode[SOLAR_CONTRACTION_MATMUL]),
           solarFp32ModeName(policy->mode[SOLAR_CONTRACTION_ATTENTION]));
}

/* ---- Structural classes ------------------------------------------------ */

static bool isContraction(const SolarEinsumNode *node) {
  return node->reductionDimCount > 0 && node->ops.counts[SOLAR_OP_MAC] != 0;
}

static bool isReductionLabel(const SolarEinsumNode *node, const char *label,
                             size_t length) {
  for (size_t r = 0; r < node->reductionDimCount; ++r)
    if (strlen(node->reductionDims[r]) == length &&
        strncmp(node->reductionDims[r], label, length) == 0)
      return true;
  return false;
}

/* A sliding window: some operand index, written "(P+R)" or "(2P+R)" in the
 * equation, combines a parallel and a reduction dimension. */
static bool hasSlidingWindow(const SolarEinsumNode *node) {
  const char *eq = node->equation;
  const char *arrow = eq ? strstr(eq, "->") : NULL;
  if (!arrow)
    return false;
  for (const char *p = eq; p < arrow; ++p) {
    if (*p != '(')
      continue;
    bool reduction = false, parallel = false;
    int depth = 1;
    const char *q = p + 1;
    while (q < arrow && depth > 0) {
      if (*q == '(')
        ++depth;
      else if (*q == ')')
        --depth;
      if (isalpha((unsigned char)*q)) {
        const char *start = q;
        while (q < arrow && (isalnum((unsigned char)*q) || *q == '_'))
          ++q;
        if (isReductionLabel(node, start, (size_t)(q - start)))
          reduction = true;
        else
          parallel = true;
        continue;
      }
      ++q;
    }
    if (reduction && parallel)
      return true;
    p = q - 1;
  }
  return false;
}

static bool isTranscendental(const SolarEinsumNode *node) {
  return node->ops.counts[SOLAR_OP_TRANSCENDENTAL] != 0;
}

static bool isPlainReduction(const SolarEinsumNode *node) {
  return node->reductionDimCount > 0 && !isContraction(node);
}

/* Progress along a path, in the path's forward order: a transcendental,
 * then a reduction of its result (softmax: exp, then the sum of exp). */
enum { STAGE_START, STAGE_EXP, STAGE_SOFTMAX, STAGE_COUNT };

static unsigned advance(const SolarEinsumNode *node, unsigned stage,
                        bool forward) {
  bool exp = isTranscendental(node), reduction = isPlainReduction(node);
  /* Forward the exp comes first; walking backward the reduction does. */
  bool first = forward ? exp : reduction, second = forward ? reduction : exp;
  if (stage == STAGE_START && first)
    stage = STAGE_EXP;
  if (stage == STAGE_EXP && second)
    stage = STAGE_SOFTMAX;
  return stage;
}

/* True when, from `start` along edges (forward or backward), another
 * contraction is reached through non-contraction nodes that apply a
 * transcendental and then reduce its result: the softmax between the two
 * contractions of attention. A GELU between two linears reduces nothing;
 * a norm reduces first and applies rsqrt to the reduced statistics. */
static bool softmaxChain(const SolarEinsumGraph *graph, size_t start,
                         bool forward) {
  size_t n = graph->nodeCount;
  unsigned char *seen = calloc(n * STAGE_COUNT, 1);
  size_t *stack = malloc(n * STAGE_COUNT * sizeof(size_t));
  size_t top = 0;
  bool found = false;
  stack[top++] = start * STAGE_COUNT;
  seen[start * STAGE_COUNT] = 1;
  while (top > 0 && !found) {
    size_t state = stack[--top];
    size_t at = state / STAGE_COUNT;
    unsigned stage = (unsigned)(state % STAGE_COUNT);
    /* The edges leaving `at` in the walk's direction (the index's lists,
     * not a scan of every edge per step). */
    size_t count = 0;
    const size_t *edges = forward ? solarGraphEdgesFrom(graph, at, &count)
                                  : solarGraphEdgesInto(graph, at, &count);
    for (size_t k = 0; k < count && !found; ++k) {
      const SolarEinsumEdge *edge = &graph->edges[edges[k]];
      int64_t to = forward ? edge->consumer : edge->producer;
      if (to == graph->nodes[at].id)
        continue;
      size_t next = solarGraphNodeIndex(graph, to);
      if (next >= n || next == start)
        continue;
      const SolarEinsumNode *node = &graph->nodes[next];
      if (isContraction(node)) {
        found = stage == STAGE_SOFTMAX;
        continue;
      }
      unsigned nextStage = advance(node, stage, forward);
      if (!seen[next * STAGE_COUNT + nextStage]) {
        seen[next * STAGE_COUNT + nextStage] = 1;
        stack[top++] = next * STAGE_COUNT + nextStage;
      }
    }
  }
  free(stack);
  free(seen);
  return found;
}

SolarContractionClass solarNodeContractionClass(const SolarEinsumGraph *graph,
                                                size_t index) {
  const SolarEinsumNode *node = &graph->nodes[index];
  if (!isContraction(node))
    return SOLAR_CONTRACTION_NONE;
  if (hasSlidingWindow(node))
    return SOLAR_CONTRACTION_CONV;
  if (softmaxChain(graph, index, true) || softmaxChain(graph, index, false))
    return SOLAR_CONTRACTION_ATTENTION;
  return SOLAR_CONTRACTION_MATMUL;
}
