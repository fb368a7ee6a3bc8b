/* Reading a profiler trace (the Chrome-trace JSON of torch.profiler's
 * export_chrome_trace or of jax.profiler, plain or gzipped) into the
 * top-level framework ops, or the compiled XLA ops, of each profiled step
 * (docs/analyze.md, "Per-kernel headroom"). */
#ifndef SOLAR_CLI_TRACE_READ_H
#define SOLAR_CLI_TRACE_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

/* One cpu_op event of a top-level op, the op itself first, then the ops
 * nested in it in pre-order (what a training step's attribution matches:
 * cli_trace_train.c). */
typedef struct {
  char *name;
  int depth;           /* 0: the top-level op itself */
  double startUs, durationUs;
  /* The device time and the distinct names of the events it launched
   * itself (a CUDA trace). */
  double deviceSeconds;
  char **deviceNames;
  size_t deviceNameCount;
  int64_t largestInput; /* as SolarTraceOp's */
  long long sequence;  /* args "Sequence number" (autograd's), -1: none */
} SolarTraceEvent;

/* One top-level framework op: a `cpu_op` event no other cpu_op of its
 * thread encloses, autograd's engine events aside (`autograd::engine::
 * evaluate_function: NODE` and the NODE event in it run a backward node's
 * ops: those ops are top-level); in a compiled trace one run of a compiled
 * XLA op (an event with args hlo_op: a fusion, a custom call, a copy). */
typedef struct {
  char *name;          /* "aten::linear"; compiled: the HLO op, "fusion.3" */
  char *module;        /* compiled: its HLO module (args hlo_module) */
  /* The op and every cpu_op nested in it (its identity may be one the
   * framework dispatches to, e.g. aten::_softmax under aten::softmax). */
  char **names;
  size_t nameCount;
  /* Elements of its largest tensor input (record_shapes' "Input Dims"),
   * -1 when the trace has no shapes. */
  int64_t largestInput;
  double startUs, durationUs;
  /* What the op cost: its own duration on a CPU trace; on a CUDA trace the
   * device events (kernels, copies, memsets) it launched, linked by
   * "External id" or by "correlation" through the runtime call. */
  double seconds;
  char **deviceNames;  /* those device events' names, distinct */
  size_t deviceNameCount;
  int step;            /* index of its ProfilerStep window, -1 without */
  SolarTraceEvent *events; /* itself and its nested cpu ops, pre-order */
  size_t eventCount;
  /* Run by autograd's engine (a backward node's op): the node's name
   * ("AddmmBackward0") and its "Sequence number", the forward op's it
   * differentiates; NULL and -1 otherwise. */
  char *backwardNode;
  long long backwardSequence;
} SolarTraceOp;

typedef struct {
  SolarTraceOp *ops;   /* in time order */
  size_t opCount;
  /* ProfilerStep#N windows (torch.profiler's schedule): their number and
   * total duration; 0 when the trace has none. */
  size_t windows;
  double windowSeconds;
  double firstStartUs, lastEndUs; /* span of the top-level ops */
  bool device;         /* device events present (a CUDA trace) */
  /* Device time linked to no top-level op inside the windows. */
  double unlinkedDeviceSeconds;
  /* The measured ops are compiled XLA ops (a jax.profiler trace: no
   * cpu_op, events with args hlo_op). */
  bool compiled;
  /* Which framework ops each compiled op computes (owned; NULL when the
   * trace does not carry it): the trace's "solarKernelOps" object, written
   * by solar analyze --profile, or solarTraceSetKernelOps. */
  json_t *kernelOps;
} SolarTrace;

/* False with "PATH: ..." in err when the file is not a readable profiler
 * trace (not JSON, no traceEvents, no cpu_op). */
bool solarTraceRead(const char *path, SolarTrace *out, char *err,
                    size_t errSize);
void solarTraceDestroy(SolarTrace *trace);

/* The kernel map of a compiled trace read from `path` (the reference
 * runner's --kernel-ops file). False with "PATH: ..." in err. */
bool solarTraceSetKernelOps(SolarTrace *trace, const char *path, char *err,
                            size_t errSize);

#endif
