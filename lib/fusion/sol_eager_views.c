/* Views in the eager kernels of the unfused fidelity (docs/sol-model.md,
 * "Unfused"): an eager framework runs no kernel for a view op (permute,
 * transpose, a slice), its readers index the view's source. So a view
 * op's kernel moves nothing, and a kernel reading a view reads the
 * source's elements in its own kernel, in its own roofline term: charging
 * them to the view op instead, in a term of their own, would add their
 * DRAM time to a compute-bound reader's time, which eager never pays. */
#include "fusion_internal.h"

#include "solar/einsum/einsum_graph_index.h"

#include <stdlib.h>

bool *solarEagerViewTensors(const SolarEinsumGraph *graph,
                            const size_t *leader) {
  size_t n = graph->nodeCount;
  bool *layoutOp = calloc(n ? n : 1, sizeof(bool));
  for (size_t i = 0; i < n; ++i)
    layoutOp[i] = graph->nodes[i].frameworkOp != NULL;
  for (size_t i = 0; i < n; ++i)
    if (!solarNodeIsLayout(&graph->nodes[i]))
      layoutOp[leader[i]] = false;
  bool *view = calloc(graph->tensorCount ? graph->tensorCount : 1,
                      sizeof(bool));
  for (size_t t = 0; t < graph->tensorCount; ++t) {
    /* A result view is returned as the framework's view, whichever op (or
     * the importer's copy into the result, of none) wrote it. */
    if (solarTensorIsResultView(graph, (int64_t)t)) {
      view[t] = true;
      continue;
    }
    if (graph->tensors[t].role != SOLAR_ROLE_INTERMEDIATE)
      continue;
    bool written = false, onlyViews = true;
    size_t count = 0;
    const size_t *users = solarGraphTensorNodes(graph, (int64_t)t, &count);
    for (size_t k = 0; k < count && onlyViews; ++k) {
      const SolarEinsumNode *node = &graph->nodes[users[k]];
      for (size_t a = 0; a < node->accessCount; ++a)
        if (node->accesses[a].tensor == (int64_t)t &&
            node->accesses[a].isWrite) {
          written = true;
          onlyViews = layoutOp[leader[users[k]]];
          break;
        }
    }
    view[t] = written && onlyViews;
  }
  free(layoutOp);
  return view;
}

/* The one node writing view `t` with one affine read, each element once
 * (its points are its written elements), and that read: then the view is
 * a function of its source's elements, element by element. n when `t`
 * has several writers (a concatenation), a fill, or counts in symbolic
 * sizes. */
static size_t singleWriter(const SolarEinsumGraph *graph, int64_t t,
                           const SolarEinsumAccess **write,
                           const SolarEinsumAccess **read) {
  size_t n = graph->nodeCount, writer = n, count = 0;
  const size_t *users = solarGraphTensorNodes(graph, t, &count);
  for (size_t k = 0; k < count; ++k) {
    const SolarEinsumNode *node = &graph->nodes[users[k]];
    for (size_t a = 0; a < node->accessCount; ++a) {
      if (node->accesses[a].tensor != t || !node->accesses[a].isWrite)
        continue;
      if (writer < n)
        return n;
      writer = users[k];
      *write = &node->accesses[a];
    }
  }
  if (writer == n)
    return n;
  const SolarEinsumNode *node = &graph->nodes[writer];
  *read = NULL;
  for (size_t a = 0; a < node->accessCount; ++a)
    if (!node->accesses[a].isWrite)
      *read = &node->accesses[a];
  bool counted = *read && node->points >= 0 &&
                 (*write)->footprintElements == node->points &&
                 (*read)->footprintElements >= 0 &&
                 graph->tensors[t].elements >= 0;
  return counted ? writer : n;
}

bool solarEagerViewReadsInit(SolarFuser *f, bool resultViewsOnly) {
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount, t = graph->tensorCount;
  /* f->writesView holds the writers of result views already
   * (solarFuserInit); the views read through add theirs. */
  f->viewWriter = calloc(t ? t : 1, sizeof(size_t));
  if (!f->viewWriter || !f->writesView)
    return false;
  /* Program order is topological: a view's source is written before it,
   * so one pass in tensor order may not see a source first; resolve each
   * chain from its root by repeating until nothing changes (chains are a
   * few views long). */
  for (size_t k = 0; k < t; ++k)
    f->viewWriter[k] = n;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t k = 0; k < t; ++k) {
      if (!f->view[k] || f->viewWriter[k] < n)
        continue;
      const SolarEinsumAccess *write = NULL, *read = NULL;
      size_t w = singleWriter(graph, (int64_t)k, &write, &read);
      if (w == n || read->tensor < 0 || (size_t)read->tensor >= t ||
          (resultViewsOnly && !f->writesView[w]))
        continue;
      /* The source is a real tensor or a view read through the same way. */
      if (f->view[read->tensor] && f->viewWriter[read->tensor] == n)
        continue;
      f->viewWriter[k] = w;
      f->writesView[w] = true;
      changed = true;
    }
  }
  return true;
}

int64_t solarEagerViewRoot(const SolarFuser *f, int64_t view,
                           int64_t elements, int64_t *sourceElements) {
  const SolarEinsumGraph *graph = f->graph;
  size_t n = graph->nodeCount;
  int64_t t = view, least = elements;
  /* |f(V')| >= |f(V)| - |V \ V'| for any map f from the view's written
   * elements V onto the source elements its writer reads: dropping one
   * element of V drops at most one element of the image. With V' the
   * elements the reader touches (at least `least` of them written), the
   * source elements it must read are at least that, one view at a time
   * back to the source. */
  while (t >= 0 && f->view[t] && f->viewWriter[t] < n) {
    const SolarEinsumAccess *write = NULL, *read = NULL;
    singleWriter(graph, t, &write, &read);
    int64_t total = graph->tensors[t].elements;
    int64_t written = write->footprintElements;
    int64_t touched = least - (total - written);
    int64_t image = read->footprintElements - (written - touched);
    least = touched > 0 && image > 0 ? image : 0;
    t = read->tensor;
  }
  *sourceElements = least;
  return t;
}
