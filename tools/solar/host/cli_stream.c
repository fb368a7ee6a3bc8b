/* STREAM-style DRAM bandwidth measurement (cli_stream.h). */
#include "cli_stream.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef enum { KERNEL_READ, KERNEL_COPY, KERNEL_TRIAD, KERNEL_COUNT } Kernel;

static const char *const kernelNames[KERNEL_COUNT] = {"read", "copy", "triad"};
static const unsigned kernelArrays[KERNEL_COUNT] = {1, 2, 3};

typedef struct Shared {
  double *a, *b, *c;
  size_t elements; /* per array, this configuration */
  unsigned threads;
  unsigned reps;
  Kernel kernel;
  pthread_barrier_t barrier;
  double *repSeconds; /* reps entries, written by thread 0 */
} Shared;

typedef struct {
  Shared *shared;
  unsigned index;
  double sink; /* keeps the read kernel's sum alive */
} Worker;

static void runChunk(Worker *w) {
  Shared *s = w->shared;
  size_t per = s->elements / s->threads;
  size_t begin = per * w->index;
  size_t end = w->index + 1 == s->threads ? s->elements : begin + per;
  double *restrict a = s->a;
  double *restrict b = s->b;
  double *restrict c = s->c;
  switch (s->kernel) {
  case KERNEL_READ: {
    /* Eight independent sums: the adds' latency must not be the limit. */
    double sums[8] = {0};
    size_t i = begin;
    for (; i + 8 <= end; i += 8)
      for (int j = 0; j < 8; ++j)
        sums[j] += a[i + j];
    for (; i < end; ++i)
      sums[0] += a[i];
    for (int j = 0; j < 8; ++j)
      w->sink += sums[j];
    break;
  }
  case KERNEL_COPY:
    memcpy(b + begin, a + begin, (end - begin) * sizeof(double));
    break;
  case KERNEL_TRIAD:
    for (size_t i = begin; i < end; ++i)
      a[i] = b[i] + 3.0 * c[i];
    break;
  case KERNEL_COUNT:
    break;
  }
}

static void *workerMain(void *arg) {
  Worker *w = arg;
  Shared *s = w->shared;
  for (unsigned rep = 0; rep < s->reps; ++rep) {
    pthread_barrier_wait(&s->barrier);
    double start = w->index == 0 ? nowSeconds() : 0;
    runChunk(w);
    pthread_barrier_wait(&s->barrier);
    if (w->index == 0)
      s->repSeconds[rep] = nowSeconds() - start;
  }
  return NULL;
}

/* Times one configuration; returns the best bytes/s of its repetitions. */
static double timeConfiguration(Shared *s, char *err, size_t errSize) {
  Worker *workers = calloc(s->threads, sizeof(Worker));
  pthread_t *ids = calloc(s->threads, sizeof(pthread_t));
  s->repSeconds = calloc(s->reps, sizeof(double));
  double best = 0;
  unsigned started = 1;
  if (pthread_barrier_init(&s->barrier, NULL, s->threads) != 0) {
    snprintf(err, errSize, "cannot create a barrier for %u threads",
             s->threads);
    best = -1;
  } else {
    for (unsigned t = 0; t < s->threads; ++t) {
      workers[t].shared = s;
      workers[t].index = t;
    }
    for (; started < s->threads; ++started)
      if (pthread_create(&ids[started], NULL, workerMain, &workers[started]))
        break;
    if (started < s->threads) {
      /* The barrier would never open: undo and report. */
      snprintf(err, errSize, "cannot start %u threads", s->threads);
      best = -1;
      for (unsigned t = 1; t < started; ++t)
        pthread_cancel(ids[t]);
    } else {
      workerMain(&workers[0]);
    }
    for (unsigned t = 1; t < started; ++t)
      pthread_join(ids[t], NULL);
    pthread_barrier_destroy(&s->barrier);
  }
  double bytes = (double)s->elements * sizeof(double) *
                 (double)kernelArrays[s->kernel];
  for (unsigned rep = 0; best >= 0 && rep < s->reps; ++rep)
    if (s->repSeconds[rep] > 0 && bytes / s->repSeconds[rep] > best)
      best = bytes / s->repSeconds[rep];
  double sink = 0;
  for (unsigned t = 0; t < s->threads; ++t)
    sink += workers[t].sink;
  if (sink == 12345.678) /* never true: the sums must look used */
    fprintf(stderr, " ");
  free(s->repSeconds);
  s->repSeconds = NULL;
  free(ids);
  free(workers);
  return best;
}

/* First touch from all threads' ranges at once would place pages per NUMA
 * node; one thread suffices for the single-node machines we calibrate and
 * keeps this simple. */
static void touch(double *p, size_t elements) {
  for (size_t i = 0; i < elements; ++i)
    p[i] = 1.0;
}

bool solarStreamMeasure(const SolarStreamConfig *config,
                        SolarStreamResult *out, char *err, size_t errSize) {
  memset(out, 0, sizeof(*out));
  double begin = nowSeconds();
  unsigned sizes = config->sizeCount ? config->sizeCount : 1;
  unsigned maxThreads = config->maxThreads ? config->maxThreads : 1;
  size_t largest = config->minWorkingSetBytes << (sizes - 1);
  /* The read kernel puts its whole working set in one array. */
  size_t arrayElements = largest / sizeof(double);
  double *a = malloc(arrayElements * sizeof(double));
  double *b = malloc(arrayElements / 2 * sizeof(double) + 64);
  double *c = malloc(arrayElements / 3 * sizeof(double) + 64);
  if (!a || !b || !c) {
    free(a);
    free(b);
    free(c);
    snprintf(err, errSize, "cannot allocate %zu MiB for the STREAM arrays",
             (largest + largest / 2 + largest / 3) >> 20);
    return false;
  }
  touch(a, arrayElements);
  touch(b, arrayElements / 2);
  touch(c, arrayElements / 3);

  unsigned configurations = KERNEL_COUNT * sizes * maxThreads;
  double setup = nowSeconds() - begin;
  double perConfiguration =
      (config->budgetSeconds - setup) / (double)configurations;
  bool ok = true;
  for (unsigned size = 0; ok && size < sizes; ++size) {
    size_t workingSet = config->minWorkingSetBytes << size;
    for (Kernel k = 0; ok && k < KERNEL_COUNT; ++k) {
      for (unsigned threads = 1; ok && threads <= maxThreads; ++threads) {
        Shared s = {.a = a, .b = b, .c = c, .threads = threads, .kernel = k};
        s.elements = workingSet / sizeof(double) / kernelArrays[k];
        /* One untimed pass estimates the time per repetition at a
         * pessimistic 1 GB/s when nothing else is known. */
        double estimate = (double)workingSet / 1e9;
        if (out->bestBytesPerS > 0)
          estimate = (double)workingSet / out->bestBytesPerS;
        double reps = perConfiguration / estimate;
        s.reps = reps < 2 ? 2 : reps > 50 ? 50 : (unsigned)reps;
        double rate = timeConfiguration(&s, err, errSize);
        if (rate < 0) {
          ok = false;
          break;
        }
        out->samples += s.reps;
        if (rate > out->bestBytesPerS) {
          out->bestBytesPerS = rate;
          out->bestKernel = kernelNames[k];
          out->bestThreads = threads;
          out->bestWorkingSetBytes = workingSet;
        }
      }
    }
  }
  free(a);
  free(b);
  free(c);
  out->seconds = nowSeconds() - begin;
  return ok;
}

#if defined(__x86_64__) || defined(__aarch64__)
/* The added 1 comes from a register, not an immediate: Golden Cove and
 * later cores fold chains of add-immediate at rename (several per cycle),
 * which read as a clock of 20+ GHz. A register-register add is one cycle
 * of latency on every core we know. */
#if defined(__x86_64__)
#define ADD1 "addq %1, %0\n\t"
#else
#define ADD1 "add %0, %0, %1\n\t"
#endif
#define ADD10 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1 ADD1
#define ADD100 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10 ADD10

/* 100 dependent adds per iteration: the loop counter runs on its own chain
 * in parallel, so an iteration takes 100 cycles. */
static uint64_t addChain(uint64_t iterations) {
  uint64_t x = 0, one = 1;
  for (uint64_t i = 0; i < iterations; ++i)
    __asm__ volatile(ADD100 : "+r"(x) : "r"(one));
  return x;
}

double solarMeasureCoreClockHz(void) {
  /* Many short runs (1e6 cycles, ~0.3 ms each), best of all: a run that a
   * time slice of another process or the hypervisor hits only reads low. */
  const uint64_t iterations = 10000;
  double best = 0;
  addChain(iterations * 20); /* wake the core from its idle clock */
  for (int run = 0; run < 200; ++run) {
    double start = nowSeconds();
    uint64_t x = addChain(iterations);
    double seconds = nowSeconds() - start;
    if (x != iterations * 100)
      return 0;
    double hz = (double)iterations * 100.0 / seconds;
    if (hz > best)
      best = hz;
  }
  return best;
}
#else
double solarMeasureCoreClockHz(void) { return 0; }
#endif
