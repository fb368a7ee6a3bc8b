/* Reading a profiler trace into its top-level framework ops
 * (cli_trace_read.h). The Chrome-trace format PyTorch's profiler writes:
 * "X" events with `cat` cpu_op (framework ops, nested by time on their
 * thread), user_annotation "ProfilerStep#N" (the schedule's steps), and on
 * a GPU kernel / gpu_memcpy / gpu_memset (device work) linked to the op
 * that launched it by args "External id", or by args "correlation" through
 * the cuda_runtime event of the launch. jax.profiler's trace has no cpu_op:
 * its measured work is the compiled XLA ops XLA's runtime records (args
 * hlo_op and hlo_module), read the same way (a compiled trace). So is a
 * torch.compile trace that carries its kernel map (solarKernelOps,
 * framework "torch.compile"): its measured ops are the cpu ops the map
 * names (inductor's kernels graph_G_cpp_fused_..., its extern aten ops). */
#include "cli_trace_read.h"

#include "solar/support/grow.h"
#include "solar/support/hash.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* The whole file, gunzipped when it is gzip (zlib reads plain files as
 * they are). NULL on a read error. */
static char *readMaybeGzip(const char *path, size_t *length) {
  gzFile file = gzopen(path, "rb");
  if (!file)
    return NULL;
  size_t capacity = 1 << 16, used = 0;
  char *data = malloc(capacity);
  int got;
  while (data && (got = gzread(file, data + used,
                               (unsigned)(capacity - used))) > 0) {
    used += (size_t)got;
    if (used == capacity) {
      capacity *= 2;
      char *grown = realloc(data, capacity);
      if (!grown)
        free(data);
      data = grown;
    }
  }
  int status;
  gzerror(file, &status);
  gzclose(file);
  if (status != Z_OK && status != Z_STREAM_END) {
    free(data);
    return NULL;
  }
  *length = used;
  return data;
}

/* One "X" event of interest. */
typedef struct {
  json_t *event;
  const char *name;
  double ts, dur;
  long long pid, tid;
  long long externalId; /* -1: none */
  /* cpu ops: index of the enclosing top-level op (SIZE_MAX: one of
   * autograd's engine events, in no op) and of the event in its events. */
  size_t top, index;
} Event;

static long long argInteger(json_t *event, const char *key) {
  json_t *v = json_object_get(json_object_get(event, "args"), key);
  return json_is_integer(v) ? (long long)json_integer_value(v) : -1;
}

/* pid and tid are numbers or strings ("stream 7") in Chrome traces. */
static long long idOf(json_t *v) {
  if (json_is_integer(v))
    return (long long)json_integer_value(v);
  const char *s = json_string_value(v);
  return (long long)(solarHashString(s ? s : "") >> 1);
}

static Event eventOf(json_t *e) {
  return (Event){.event = e,
                 .name = json_string_value(json_object_get(e, "name")),
                 .ts = json_number_value(json_object_get(e, "ts")),
                 .dur = json_number_value(json_object_get(e, "dur")),
                 .pid = idOf(json_object_get(e, "pid")),
                 .tid = idOf(json_object_get(e, "tid")),
                 .externalId = argInteger(e, "External id")};
}

static int byThreadThenTime(const void *a, const void *b) {
  const Event *x = a, *y = b;
  if (x->pid != y->pid)
    return x->pid < y->pid ? -1 : 1;
  if (x->tid != y->tid)
    return x->tid < y->tid ? -1 : 1;
  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return x->dur > y->dur ? -1 : x->dur < y->dur ? 1 : 0; /* enclosing first */
}

/* Elements of the largest tensor among "Input Dims" (a tensor list is a
 * list of shapes); -1 without the field. */
static int64_t largestInput(json_t *event) {
  json_t *dims = json_object_get(json_object_get(event, "args"), "Input Dims");
  if (!json_is_array(dims))
    return -1;
  int64_t largest = 0;
  size_t i, j;
  json_t *shape, *d;
  json_array_foreach(dims, i, shape) {
    if (!json_is_array(shape) || !json_array_size(shape))
      continue;
    if (json_is_array(json_array_get(shape, 0))) {
      json_t *inner;
      json_array_foreach(shape, j, inner) {
        int64_t n = 1;
        size_t k;
        json_array_foreach(inner, k, d) n *= json_integer_value(d);
        largest = n > largest ? n : largest;
      }
      continue;
    }
    int64_t n = 1;
    json_array_foreach(shape, j, d) n *= json_integer_value(d);
    largest = n > largest ? n : largest;
  }
  return largest;
}

/* Appends `name` to the list unless it is there. */
static void addName(char ***names, size_t *count, const char *name) {
  if (!name)
    return;
  for (size_t i = 0; i < *count; ++i)
    if (!strcmp((*names)[i], name))
      return;
  *names = realloc(*names, (*count + 1) * sizeof(char *));
  if (!*names)
    abort();
  (*names)[(*count)++] = strdup(name);
}

static bool isCategory(json_t *e, const char *const *cats, size_t n) {
  const char *cat = json_string_value(json_object_get(e, "cat"));
  for (size_t i = 0; cat && i < n; ++i)
    if (!strcmp(cat, cats[i]))
      return true;
  return false;
}

static const SolarTraceOp *sortedOps; /* byStart's array */

static int byStart(const void *a, const void *b) {
  double x = sortedOps[*(const size_t *)a].startUs;
  double y = sortedOps[*(const size_t *)b].startUs;
  return x < y ? -1 : x > y ? 1 : 0;
}

/* Sorts out->ops by start time; returns where each op went (caller
 * frees). */
static size_t *sortByStart(SolarTrace *out) {
  size_t n = out->opCount;
  size_t *order = solarCalloc(n + 1, sizeof(size_t));
  size_t *position = solarCalloc(n + 1, sizeof(size_t));
  for (size_t k = 0; k < n; ++k)
    order[k] = k;
  sortedOps = out->ops;
  qsort(order, n, sizeof(size_t), byStart);
  SolarTraceOp *sorted = solarCalloc(n + 1, sizeof(SolarTraceOp));
  for (size_t k = 0; k < n; ++k) {
    sorted[k] = out->ops[order[k]];
    position[order[k]] = k;
  }
  free(out->ops);
  out->ops = sorted;
  free(order);
  return position;
}

/* autograd's engine runs a backward node as `ENGINE_PREFIX NODE`, with an
 * event named NODE in it, around the node's ops. */
static const char ENGINE_PREFIX[] = "autograd::engine::evaluate_function: ";

/* An event open on the nesting stack of findTopLevel. */
typedef struct {
  const Event *event;
  bool engine; /* one of autograd's engine events */
  const char *node; /* evaluate_function's node name, NULL otherwise */
} Open;

static bool encloses(const Event *outer, const Event *e) {
  return outer->pid == e->pid && outer->tid == e->tid && e->ts >= outer->ts &&
         e->ts + e->dur <= outer->ts + outer->dur;
}

static SolarTraceOp *newTopLevel(SolarTrace *out, const Event *e,
                                 const Open *engineNode) {
  SolarTraceOp *op = &out->ops[out->opCount++];
  op->name = strdup(e->name ? e->name : "?");
  const char *module = json_string_value(
      json_object_get(json_object_get(e->event, "args"), "hlo_module"));
  op->module = module ? strdup(module) : NULL;
  op->largestInput = largestInput(e->event);
  op->startUs = e->ts;
  op->durationUs = e->dur;
  op->step = -1;
  op->backwardNode = engineNode ? strdup(engineNode->node) : NULL;
  op->backwardSequence =
      engineNode ? argInteger(engineNode->event->event, "Sequence number")
                 : -1;
  return op;
}

/* The top-level ops of the sorted cpu ops (each event's `top` and `index`
 * set): events no other encloses but autograd's engine events, which are
 * no ops themselves. */
static void findTopLevel(Event *ops, size_t count, SolarTrace *out) {
  out->ops = solarCalloc(count ? count : 1, sizeof(SolarTraceOp));
  Open *stack = solarCalloc(count + 1, sizeof(Open));
  size_t depth = 0;
  for (size_t i = 0; i < count; ++i) {
    Event *e = &ops[i];
    while (depth && !encloses(stack[depth - 1].event, e))
      depth--;
    const char *name = e->name ? e->name : "?";
    const Open *parent = depth ? &stack[depth - 1] : NULL;
    bool evaluate = !strncmp(name, ENGINE_PREFIX, sizeof(ENGINE_PREFIX) - 1);
    if (evaluate || (parent && parent->node && !strcmp(parent->node, name))) {
      e->top = SIZE_MAX;
      stack[depth++] = (Open){e, true,
                              evaluate ? name + sizeof(ENGINE_PREFIX) - 1
                                       : NULL};
      continue;
    }
    /* Ops nested in an op (not counting the engine's events) and the
     * innermost evaluate_function around it. */
    int nesting = 0;
    const Open *engineNode = NULL, *unit = NULL;
    for (size_t k = 0; k < depth; ++k) {
      if (!stack[k].engine) {
        nesting++;
        unit = unit ? unit : &stack[k];
      } else if (stack[k].node && !unit) {
        engineNode = &stack[k];
      }
    }
    SolarTraceOp *op = unit ? &out->ops[unit->event->top]
                            : newTopLevel(out, e, engineNode);
    e->top = (size_t)(op - out->ops);
    op->events = realloc(op->events,
                         (op->eventCount + 1) * sizeof(SolarTraceEvent));
    if (!op->events)
      abort();
    e->index = op->eventCount;
    op->events[op->eventCount++] = (SolarTraceEvent){
        .name = strdup(name),
        .depth = nesting,
        .startUs = e->ts,
        .durationUs = e->dur,
        .largestInput = largestInput(e->event),
        .sequence = argInteger(e->event, "Sequence number")};
    addName(&op->names, &op->nameCount, e->name);
    stack[depth++] = (Open){e, false, NULL};
  }
  free(stack);
}

typedef struct {
  Event *items;
  size_t count;
} Events;

static void push(Events *list, Event e) {
  list->items = realloc(list->items, (list->count + 1) * sizeof(Event));
  if (!list->items)
    abort();
  list->items[list->count++] = e;
}

/* The cpu op event a device event was launched by, or NULL: its External
 * id, else its correlation's runtime call's. */
static const Event *launcher(const Event *device, const Events *cpu,
                             const Events *runtime) {
  long long id = device->externalId;
  long long correlation = argInteger(device->event, "correlation");
  for (size_t i = 0; id < 0 && correlation >= 0 && i < runtime->count; ++i)
    if (argInteger(runtime->items[i].event, "correlation") == correlation)
      id = runtime->items[i].externalId;
  for (size_t i = 0; id >= 0 && i < cpu->count; ++i)
    if (cpu->items[i].externalId == id)
      return cpu->items[i].top == SIZE_MAX ? NULL : &cpu->items[i];
  return NULL;
}

/* The window holding time `ts`, or -1. */
static int windowOf(const Events *windows, double ts) {
  for (size_t w = 0; w < windows->count; ++w)
    if (ts >= windows->items[w].ts &&
        ts <= windows->items[w].ts + windows->items[w].dur)
      return (int)w;
  return -1;
}

static int byTime(const void *a, const void *b) {
  const Event *x = a, *y = b;
  return x->ts < y->ts ? -1 : x->ts > y->ts ? 1 : 0;
}

static void linkDevice(const Events *device, const Events *cpu,
                       const Events *runtime, const Events *windows,
                       const size_t *position, SolarTrace *out) {
  for (size_t i = 0; i < device->count; ++i) {
    const Event *d = &device->items[i];
    const Event *by = launcher(d, cpu, runtime);
    SolarTraceOp *op = by ? &out->ops[position[by->top]] : NULL;
    if (op && (op->step >= 0 || !windows->count)) {
      op->seconds += d->dur * 1e-6;
      SolarTraceEvent *launching = &op->events[by->index];
      launching->deviceSeconds += d->dur * 1e-6;
      addName(&launching->deviceNames, &launching->deviceNameCount, d->name);
      addName(&op->deviceNames, &op->deviceNameCount, d->name);
    } else if (!windows->count || windowOf(windows, d->ts) >= 0) {
      out->unlinkedDeviceSeconds += d->dur * 1e-6;
    }
  }
}

static void freeOp(SolarTraceOp *op) {
  free(op->name);
  free(op->module);
  for (size_t k = 0; k < op->nameCount; ++k)
    free(op->names[k]);
  free(op->names);
  for (size_t k = 0; k < op->deviceNameCount; ++k)
    free(op->deviceNames[k]);
  free(op->deviceNames);
  for (size_t k = 0; k < op->eventCount; ++k) {
    free(op->events[k].name);
    for (size_t d = 0; d < op->events[k].deviceNameCount; ++d)
      free(op->events[k].deviceNames[d]);
    free(op->events[k].deviceNames);
  }
  free(op->events);
  free(op->backwardNode);
}

/* Drops the ops outside every window (warm-up, the profiler's own). */
static void keepWindows(SolarTrace *out) {
  size_t kept = 0;
  for (size_t i = 0; i < out->opCount; ++i) {
    if (out->ops[i].step >= 0)
      out->ops[kept++] = out->ops[i];
    else
      freeOp(&out->ops[i]);
  }
  out->opCount = kept;
}

/* `compiledKernels`: a torch.compile trace's kernel map (its `kernels`),
 * or NULL: then only the cpu ops it names are measured, as compiled
 * ops. */
static bool readEvents(json_t *events, json_t *compiledKernels,
                       SolarTrace *out, char *why, size_t whySize) {
  static const char *const deviceCats[] = {"kernel", "gpu_memcpy",
                                           "gpu_memset"};
  static const char *const runtimeCats[] = {"cuda_runtime", "cuda_driver"};
  static const char *const cpuCats[] = {"cpu_op"};
  Events cpu = {0}, device = {0}, runtime = {0}, windows = {0}, xla = {0};
  size_t i;
  json_t *e;
  json_array_foreach(events, i, e) {
    const char *ph = json_string_value(json_object_get(e, "ph"));
    if (!json_is_object(e) || !ph || strcmp(ph, "X") ||
        !json_is_number(json_object_get(e, "ts")) ||
        !json_is_number(json_object_get(e, "dur")))
      continue;
    Event event = eventOf(e);
    const char *hloOp = json_string_value(
        json_object_get(json_object_get(e, "args"), "hlo_op"));
    bool cpuOp = isCategory(e, cpuCats, 1);
    if (cpuOp && compiledKernels) {
      if (event.name && json_object_get(compiledKernels, event.name))
        push(&xla, event);
    } else if (cpuOp)
      push(&cpu, event);
    else if (hloOp && !isCategory(e, deviceCats, 3)) {
      event.name = hloOp;
      push(&xla, event);
    }
    else if (isCategory(e, deviceCats, 3))
      push(&device, event);
    else if (isCategory(e, runtimeCats, 2))
      push(&runtime, event);
    else if (event.name && !strncmp(event.name, "ProfilerStep#", 13))
      push(&windows, event);
  }
  /* Without framework ops, the compiled ops are what was measured. */
  out->compiled = !cpu.count && xla.count;
  if (out->compiled) {
    Events swap = cpu;
    cpu = xla;
    xla = swap;
  }
  bool ok = cpu.count > 0;
  if (!ok)
    snprintf(why, whySize,
             "no framework ops (events of category cpu_op) and no compiled "
             "XLA ops (events with args hlo_op) in the trace");
  if (ok) {
    qsort(cpu.items, cpu.count, sizeof(Event), byThreadThenTime);
    qsort(windows.items, windows.count, sizeof(Event), byTime);
    findTopLevel(cpu.items, cpu.count, out);
    for (size_t k = 0; k < out->opCount; ++k) {
      out->ops[k].step = windowOf(&windows, out->ops[k].startUs);
      out->ops[k].seconds = out->ops[k].durationUs * 1e-6;
    }
    /* Threads one after the other, then by time: position[k] is where the
     * op found k-th (what the events' `top` says) lands. */
    size_t *position = sortByStart(out);
    out->device = device.count > 0;
    for (size_t k = 0; out->device && k < out->opCount; ++k)
      out->ops[k].seconds = 0;
    linkDevice(&device, &cpu, &runtime, &windows, position, out);
    free(position);
    out->windows = windows.count;
    for (size_t w = 0; w < windows.count; ++w)
      out->windowSeconds += windows.items[w].dur * 1e-6;
    if (windows.count)
      keepWindows(out);
    ok = out->opCount > 0;
    if (!ok)
      snprintf(why, whySize, "no framework op inside the ProfilerStep "
                             "windows");
    for (size_t k = 0; k < out->opCount; ++k) {
      SolarTraceOp *op = &out->ops[k];
      if (!k || op->startUs < out->firstStartUs)
        out->firstStartUs = op->startUs;
      if (!k || op->startUs + op->durationUs > out->lastEndUs)
        out->lastEndUs = op->startUs + op->durationUs;
    }
  }
  free(cpu.items);
  free(device.items);
  free(runtime.items);
  free(windows.items);
  free(xla.items);
  return ok;
}

bool solarTraceRead(const char *path, SolarTrace *out, char *err,
                    size_t errSize) {
  memset(out, 0, sizeof(*out));
  size_t length = 0;
  char *data = readMaybeGzip(path, &length);
  if (!data) {
    snprintf(err, errSize, "%s: cannot read the trace", path);
    return false;
  }
  json_error_t error;
  json_t *root = json_loadb(data, length, 0, &error);
  free(data);
  if (!root) {
    snprintf(err, errSize,
             "%s:%d:%d: not a profiler trace (not JSON: %s)", path,
             error.line, error.column, error.text);
    return false;
  }
  /* An object with traceEvents, or the bare array Chrome also accepts. */
  json_t *events = json_is_array(root) ? root
                                       : json_object_get(root, "traceEvents");
  char why[256] = "";
  bool ok = json_is_array(events);
  if (!ok)
    snprintf(why, sizeof(why), "no traceEvents list");
  /* The kernel map solar analyze --profile adds (a JAX trace's, or a
   * torch.compile trace's, which also says what was measured). */
  json_t *kernelOps = json_object_get(root, "solarKernelOps");
  const char *framework =
      json_string_value(json_object_get(kernelOps, "framework"));
  json_t *compiledKernels =
      framework && !strcmp(framework, "torch.compile")
          ? json_object_get(kernelOps, "kernels")
          : NULL;
  ok = ok && readEvents(events, compiledKernels, out, why, sizeof(why));
  if (ok && json_is_object(kernelOps))
    out->kernelOps = json_incref(kernelOps);
  json_decref(root);
  if (!ok) {
    snprintf(err, errSize,
             "%s: not a profiler trace: %s (record with "
             "torch.profiler.profile(record_shapes=True) and "
             "export_chrome_trace, or jax.profiler.trace)",
             path, why);
    solarTraceDestroy(out);
  }
  return ok;
}

void solarTraceDestroy(SolarTrace *trace) {
  for (size_t i = 0; i < trace->opCount; ++i)
    freeOp(&trace->ops[i]);
  free(trace->ops);
  json_decref(trace->kernelOps);
  memset(trace, 0, sizeof(*trace));
}

bool solarTraceSetKernelOps(SolarTrace *trace, const char *path, char *err,
                            size_t errSize) {
  json_error_t error;
  json_t *map = json_load_file(path, 0, &error);
  if (!json_is_object(json_object_get(map, "kernels"))) {
    snprintf(err, errSize, "%s: no kernel map (an object with kernels): %s",
             path, map ? "no \"kernels\"" : error.text);
    json_decref(map);
    return false;
  }
  json_decref(trace->kernelOps);
  trace->kernelOps = map;
  return true;
}
