/* The child process every JIT run of solar-verify happens in (see
 * verify_sandbox.h and docs/reliability.md, "Executed code"). */
#define _GNU_SOURCE /* prctl, wait4 */

#include "solar/verify/verify_sandbox.h"

#include "solar/support/text.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define SOLAR_SANDBOX_NO_ADDRESS_LIMIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SOLAR_SANDBOX_NO_ADDRESS_LIMIT 1
#endif
#endif

/* ---- parsing limits ----------------------------------------------------- */

static bool parseNumber(const char *text, double *value, const char **unit) {
  if (!text || !*text)
    return false;
  char *end = NULL;
  errno = 0;
  *value = strtod(text, &end);
  if (end == text || errno || !isfinite(*value) || *value <= 0)
    return false;
  *unit = end;
  return true;
}

bool solarVerifyParseSeconds(const char *text, double *seconds) {
  const char *unit;
  if (!parseNumber(text, seconds, &unit))
    return false;
  return (!*unit || !strcmp(unit, "s")) && *seconds <= 1e6;
}

bool solarVerifyParseBytes(const char *text, double *bytes) {
  const char *unit;
  if (!parseNumber(text, bytes, &unit))
    return false;
  static const char prefixes[] = "KMGT";
  double scale = 1;
  if (*unit) {
    const char *p = strchr(prefixes, unit[0]);
    if (!p)
      return !strcmp(unit, "B") && *bytes <= 0x1p50;
    scale = ldexp(1, 10 * (int)(p - prefixes + 1));
    if (unit[1] && strcmp(unit + 1, "iB") && strcmp(unit + 1, "B"))
      return false;
  }
  *bytes *= scale;
  return *bytes >= 1 && *bytes <= 0x1p50;
}

static void formatBytes(double bytes, char *buf, size_t size) {
  if (bytes >= 0x1p30)
    snprintf(buf, size, "%.3g GiB", bytes / 0x1p30);
  else
    snprintf(buf, size, "%.3g MiB", bytes / 0x1p20);
}

/* ---- the child ---------------------------------------------------------- */

static bool writeAll(int fd, const void *data, size_t length) {
  const char *p = data;
  while (length) {
    ssize_t n = write(fd, p, length);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    p += n;
    length -= (size_t)n;
  }
  return true;
}

/* The address space already mapped (libraries, the JIT's code, the heap):
 * the limit is this plus the run's budget. */
static double mappedBytes(void) {
  FILE *statm = fopen("/proc/self/statm", "r");
  unsigned long long pages = 0;
  if (statm) {
    if (fscanf(statm, "%llu", &pages) != 1)
      pages = 0;
    fclose(statm);
  }
  return (double)pages * (double)sysconf(_SC_PAGESIZE);
}

static void setLimit(int resource, double value) {
  rlim_t limit = value >= (double)RLIM_INFINITY ? RLIM_INFINITY : (rlim_t)value;
  struct rlimit current;
  if (getrlimit(resource, &current) == 0 && current.rlim_max != RLIM_INFINITY &&
      current.rlim_max < limit)
    limit = current.rlim_max;
  struct rlimit wanted = {limit, limit};
  setrlimit(resource, &wanted);
}

static void applyLimits(double cpuSeconds, double memoryBytes) {
  /* SIGXCPU at the soft limit, SIGKILL a second later at the hard one. */
  rlim_t cpu = (rlim_t)ceil(cpuSeconds);
  struct rlimit cpuLimit = {cpu, cpu + 1};
  setrlimit(RLIMIT_CPU, &cpuLimit);
  setLimit(RLIMIT_STACK, SOLAR_VERIFY_STACK_BYTES);
  setLimit(RLIMIT_CORE, 0);
#ifndef SOLAR_SANDBOX_NO_ADDRESS_LIMIT
  /* AddressSanitizer reserves terabytes of shadow memory: no address-space
   * limit there (the CPU and wall limits still hold). */
  setLimit(RLIMIT_AS, mappedBytes() + memoryBytes);
#else
  (void)memoryBytes;
  (void)mappedBytes;
#endif
}

static size_t argumentBytes(const SolarNpyArray *array) {
  return array->count * solarVerifyDtypeSize(array->dtype);
}

/* Message to the parent: ok byte, error length and text; when ok, the
 * bytes of every memref argument, then per result its rank, shape and
 * data. */
static _Noreturn void runChild(int out, pid_t parent, const SolarVerifyJit *jit,
                               const char *funcName,
                               const SolarVerifySignature *sig,
                               SolarNpyArray *argData,
                               const char *const *argNames,
                               double cpuSeconds, double memoryBytes) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent)
    _exit(125);
  applyLimits(cpuSeconds, memoryBytes);
  /* A failed cf.assert (the lowering's bounds checks, torch-mlir's shape
   * asserts) puts its message and aborts, which flushes nothing: unbuffered
   * and on stderr it reaches the user, beside the parent's error, and never
   * the IR stream on stdout. The parent flushed every stream before the
   * fork, so the buffer given up here is empty. */
  dup2(STDERR_FILENO, STDOUT_FILENO);
  setvbuf(stdout, NULL, _IONBF, 0);
  SolarNpyArray *results = calloc(sig->resultCount + 1, sizeof(*results));
  char err[2048] = "";
  unsigned char ok = results && solarVerifyInvoke(jit, funcName, sig, argData,
                                                  argNames, results, err,
                                                  sizeof(err));
  uint32_t errLength = (uint32_t)strlen(err);
  bool sent = writeAll(out, &ok, 1) && writeAll(out, &errLength, 4) &&
              writeAll(out, err, errLength);
  for (size_t i = 0; sent && ok && i < sig->argCount; ++i)
    if (sig->args[i].isMemRef)
      sent = writeAll(out, argData[i].data, argumentBytes(&argData[i]));
  for (size_t r = 0; sent && ok && r < sig->resultCount; ++r) {
    const SolarNpyArray *result = &results[r];
    uint64_t count = result->count;
    sent = writeAll(out, &result->rank, sizeof(int64_t)) &&
           writeAll(out, result->shape, (size_t)result->rank * sizeof(int64_t)) &&
           writeAll(out, &count, sizeof(count)) &&
           writeAll(out, result->data, argumentBytes(result));
  }
  /* No exit handlers, no destructors: this is a copy of the parent. */
  _exit(sent ? 0 : 124);
}

/* ---- the parent --------------------------------------------------------- */

typedef struct {
  const unsigned char *at, *end;
} Reader;

static bool readBytes(Reader *reader, void *out, size_t length) {
  if ((size_t)(reader->end - reader->at) < length)
    return false;
  memcpy(out, reader->at, length);
  reader->at += length;
  return true;
}

static bool decodeResult(Reader *reader, const SolarVerifySlot *slot,
                         SolarNpyArray *out) {
  int64_t rank;
  uint64_t count;
  if (!readBytes(reader, &rank, sizeof(rank)) || rank != slot->rank)
    return false;
  out->dtype = slot->dtype;
  out->rank = rank;
  out->shape = rank ? calloc((size_t)rank, sizeof(int64_t)) : NULL;
  if (rank && (!out->shape ||
               !readBytes(reader, out->shape, (size_t)rank * sizeof(int64_t))))
    return false;
  if (!readBytes(reader, &count, sizeof(count)))
    return false;
  size_t elementSize = solarVerifyDtypeSize(slot->dtype);
  if (count > (size_t)(reader->end - reader->at) / (elementSize ? elementSize : 1))
    return false;
  out->count = (size_t)count;
  out->data = malloc(out->count * elementSize + 1);
  return out->data && readBytes(reader, out->data, out->count * elementSize);
}

/* The child's answer: its error, or the outputs copied into argData and
 * results. False with *complete false when the message is cut short. */
static bool decodeMessage(const SolarText *message,
                          const SolarVerifySignature *sig,
                          SolarNpyArray *argData, SolarNpyArray *results,
                          bool *complete, char *err, size_t errSize) {
  *complete = false;
  /* A child that ended before writing anything left no buffer at all
   * (NULL + 0 is undefined behaviour, found by fuzzing). */
  if (!message->text)
    return false;
  Reader reader = {(const unsigned char *)message->text,
                   (const unsigned char *)message->text + message->length};
  unsigned char ok;
  uint32_t errLength;
  if (!readBytes(&reader, &ok, 1) || !readBytes(&reader, &errLength, 4) ||
      (size_t)(reader.end - reader.at) < errLength)
    return false;
  if (!ok) {
    snprintf(err, errSize, "%.*s", (int)errLength, (const char *)reader.at);
    *complete = true;
    return false;
  }
  reader.at += errLength;
  for (size_t i = 0; i < sig->argCount; ++i)
    if (sig->args[i].isMemRef &&
        !readBytes(&reader, argData[i].data, argumentBytes(&argData[i])))
      return false;
  for (size_t r = 0; r < sig->resultCount; ++r)
    if (!decodeResult(&reader, &sig->results[r], &results[r]))
      return false;
  *complete = reader.at == reader.end;
  return *complete;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Reads the child's message until it closes the pipe or the wall-time
 * limit passes (then kills it). True when the deadline was hit. */
static bool collect(int in, pid_t child, double wallSeconds,
                    SolarText *message) {
  double deadline = now() + wallSeconds;
  char chunk[65536];
  for (;;) {
    double left = deadline - now();
    if (left <= 0) {
      kill(child, SIGKILL);
      return true;
    }
    struct pollfd p = {in, POLLIN, 0};
    int ready = poll(&p, 1, left > 1 ? 1000 : (int)(left * 1000) + 1);
    if (ready < 0 && errno != EINTR)
      return false;
    if (ready <= 0)
      continue;
    ssize_t n = read(in, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    solarTextAppend(message, chunk, (size_t)n);
  }
}

static const char *signalText(int signo) {
  const char *name = sigabbrev_np(signo);
  return name ? name : "?";
}

/* Why the child ended without a complete answer. */
static void describeEnd(int status, const struct rusage *usage, bool wallHit,
                        double cpuSeconds, double wallSeconds,
                        double memoryBytes, char *err, size_t errSize) {
  double cpuUsed = (double)usage->ru_utime.tv_sec +
                   (double)usage->ru_stime.tv_sec +
                   1e-6 * (double)(usage->ru_utime.tv_usec + usage->ru_stime.tv_usec);
  char memory[64];
  formatBytes(memoryBytes, memory, sizeof(memory));
  if (wallHit) {
    snprintf(err, errSize,
             "the compiled function ran past the wall-time limit of %g s and "
             "was stopped (%.1f CPU s used; the limit is %g x the CPU limit "
             "+ %g s, set with --verify-timeout / solar-verify{timeout=...})",
             wallSeconds, cpuUsed, SOLAR_VERIFY_WALL_FACTOR,
             SOLAR_VERIFY_WALL_SLACK_SECONDS);
  } else if (WIFSIGNALED(status) &&
             (WTERMSIG(status) == SIGXCPU ||
              (WTERMSIG(status) == SIGKILL && cpuUsed >= ceil(cpuSeconds)))) {
    snprintf(err, errSize,
             "the compiled function ran past the CPU-time limit of %g s and "
             "was stopped (an endless or far too long loop or recursion?; "
             "set the limit with --verify-timeout / "
             "solar-verify{timeout=...})",
             ceil(cpuSeconds));
  } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) {
    snprintf(err, errSize,
             "the process running the compiled function was killed (SIGKILL: "
             "out of memory, or killed from outside; its memory limit is %s, "
             "set with --verify-memory / solar-verify{memory=...})",
             memory);
  } else if (WIFSIGNALED(status)) {
    snprintf(err, errSize,
             "the process running the compiled function died of SIG%s "
             "before it could report (e.g. a stack overflow its crash "
             "handler could not catch)",
             signalText(WTERMSIG(status)));
  } else if (WIFEXITED(status) && WEXITSTATUS(status) == 125) {
    snprintf(err, errSize, "internal error: the verification process lost "
                           "its parent");
  } else {
    snprintf(err, errSize,
             "the compiled function ended the process (exit status %d) "
             "instead of returning",
             WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
}

/* The program's own allocations, up to half the machine's memory: the
 * limit is there to stop a run before it takes the machine down, which a
 * program asking for more than that would. */
static double ownAllocations(const SolarVerifyLimits *limits) {
  double bytes = limits ? limits->allocBytes : 0;
  long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  double half = pages > 0 && pageSize > 0
                    ? 0.5 * (double)pages * (double)pageSize
                    : bytes;
  return bytes < half ? bytes : half;
}

bool solarVerifyInvokeSandboxed(const SolarVerifyJit *jit,
                                const char *funcName,
                                const SolarVerifySignature *sig,
                                SolarNpyArray *argData,
                                const char *const *argNames,
                                SolarNpyArray *results,
                                const SolarVerifyLimits *limits, char *err,
                                size_t errSize) {
  double cpuSeconds = limits && limits->cpuSeconds > 0
                          ? limits->cpuSeconds
                          : SOLAR_VERIFY_DEFAULT_CPU_SECONDS;
  double memoryBytes =
      limits && limits->memoryBytes > 0
          ? limits->memoryBytes
          : SOLAR_VERIFY_MEMORY_BASE_BYTES +
                SOLAR_VERIFY_MEMORY_BUFFER_FACTOR *
                    (limits ? limits->bufferBytes : 0) +
                ownAllocations(limits);
  double wallSeconds = SOLAR_VERIFY_WALL_FACTOR * ceil(cpuSeconds) +
                       SOLAR_VERIFY_WALL_SLACK_SECONDS;
  /* Compiles the module here, once: code generation is solar's own work,
   * not the program's, and is not charged to the child's limits. The
   * lookup is of what the child calls, the C interface's packed wrapper
   * (the entry itself is internal and has none: verify_outline.h); a
   * lookup of a missing name would compile nothing. */
  char ciface[4096];
  snprintf(ciface, sizeof(ciface), "_mlir_ciface_%s", funcName);
  (void)mlirExecutionEngineLookupPacked(
      jit->engine, mlirStringRefCreateFromCString(ciface));
  int pipeEnds[2];
  if (pipe(pipeEnds) != 0) {
    snprintf(err, errSize, "cannot create a pipe for the verification "
                           "process: %s", strerror(errno));
    return false;
  }
  pid_t parent = getpid();
  fflush(NULL);
  pid_t child = fork();
  if (child == 0) {
    close(pipeEnds[0]);
    runChild(pipeEnds[1], parent, jit, funcName, sig, argData, argNames,
             cpuSeconds, memoryBytes);
  }
  int forkErrno = errno;
  close(pipeEnds[1]);
  if (child < 0) {
    close(pipeEnds[0]);
    snprintf(err, errSize, "cannot start the verification process: %s",
             strerror(forkErrno));
    return false;
  }
  SolarText message = {0};
  bool wallHit = collect(pipeEnds[0], child, wallSeconds, &message);
  close(pipeEnds[0]);
  int status = 0;
  struct rusage usage;
  memset(&usage, 0, sizeof(usage));
  while (wait4(child, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  bool complete = false;
  bool ok = !wallHit && decodeMessage(&message, sig, argData, results,
                                      &complete, err, errSize);
  if (!complete)
    describeEnd(status, &usage, wallHit, cpuSeconds, wallSeconds,
                memoryBytes, err, errSize);
  if (!ok)
    for (size_t r = 0; r < sig->resultCount; ++r)
      solarNpyArrayDestroy(&results[r]);
  solarTextClear(&message);
  return ok;
}
