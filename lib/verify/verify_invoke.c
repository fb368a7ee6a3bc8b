/* Calling the JIT-compiled function; verify_sandbox.c runs this in a child
 * process under resource limits. */
#define _GNU_SOURCE /* REG_RSP in ucontext_t, MAP_ANONYMOUS */

#include "solar/verify/verify_invoke.h"

#include "solar/verify/verify_buffer.h"
#include "solar/verify/verify_memref_desc.h"

#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <ucontext.h>

/* memref.get_global lowers to a descriptor whose allocated pointer is this
 * marker: the memory is a global, not a heap block to free. */
#define SOLAR_GLOBAL_MEMREF_MARKER ((void *)(uintptr_t)0xdeadbeef)

/* ---- crash protection ------------------------------------------------- */

static sigjmp_buf crashJump;
static volatile sig_atomic_t crashSignal;
static void *volatile crashAddress;
/* The stack pointer at the fault, and the one just before the call: their
 * distance tells a stack overflow (endless recursion, a huge
 * memref.alloca) from a bad pointer. */
static volatile uintptr_t crashStackPointer;
static volatile uintptr_t callStackPointer;

static uintptr_t stackPointerOf(void *context) {
  const ucontext_t *uc = context;
  if (!uc)
    return 0;
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#elif defined(__aarch64__)
  return (uintptr_t)uc->uc_mcontext.sp;
#else
  return 0;
#endif
}

static void onCrash(int signo, siginfo_t *info, void *context) {
  crashSignal = signo;
  crashAddress = info ? info->si_addr : NULL;
  crashStackPointer = stackPointerOf(context);
  siglongjmp(crashJump, 1);
}

/* The handler runs on its own stack: on an overflowed one it could not. */
enum { kAltStackBytes = 256 * 1024 };

static const int crashSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
enum { kCrashSignalCount = sizeof(crashSignals) / sizeof(crashSignals[0]) };

static const char *signalName(int signo) {
  switch (signo) {
  case SIGSEGV:
    return "SIGSEGV (invalid memory access)";
  case SIGBUS:
    return "SIGBUS (misaligned or unmapped memory access)";
  case SIGFPE:
    return "SIGFPE (integer division by zero or overflow)";
  case SIGILL:
    return "SIGILL (trap or unreachable code)";
  case SIGABRT:
    return "SIGABRT (abort, e.g. a failed cf.assert)";
  default:
    return "a signal";
  }
}

/* Runs the packed call with handlers for the signals native code may raise.
 * Returns 0, or the signal that stopped it. The call's state after a signal
 * is lost (its heap blocks leak), which is acceptable for a failed check. */
static int callProtected(MlirExecutionEngine engine, const char *funcName,
                         void **packed, bool *found) {
  struct sigaction action, previous[kCrashSignalCount];
  memset(&action, 0, sizeof(action));
  action.sa_sigaction = onCrash;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_SIGINFO | SA_NODEFER | SA_ONSTACK;
  stack_t altStack = {0}, previousAltStack;
  altStack.ss_size = kAltStackBytes;
  altStack.ss_sp = mmap(NULL, kAltStackBytes, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  bool haveAltStack = altStack.ss_sp != MAP_FAILED &&
                      sigaltstack(&altStack, &previousAltStack) == 0;
  for (int i = 0; i < kCrashSignalCount; ++i)
    sigaction(crashSignals[i], &action, &previous[i]);
  crashSignal = 0;
  crashAddress = NULL;
  crashStackPointer = 0;
  int mark;
  callStackPointer = (uintptr_t)&mark;
  *found = true;
  if (sigsetjmp(crashJump, 1) == 0) {
    /* The C API prefixes `_mlir_ciface_` to the name. */
    MlirLogicalResult result = mlirExecutionEngineInvokePacked(
        engine, mlirStringRefCreateFromCString(funcName), packed);
    *found = mlirLogicalResultIsSuccess(result);
  }
  for (int i = 0; i < kCrashSignalCount; ++i)
    sigaction(crashSignals[i], &previous[i], NULL);
  if (haveAltStack)
    sigaltstack(&previousAltStack, NULL);
  if (altStack.ss_sp != MAP_FAILED)
    munmap(altStack.ss_sp, kAltStackBytes);
  return crashSignal;
}

/* Names the argument whose fence a faulting access hit, when it did. */
static void describeCrash(int signo, void *address,
                          const SolarGuardedBuffer *buffers, size_t count,
                          const char *const *argNames, char *err,
                          size_t errSize) {
  for (size_t i = 0; signo == SIGSEGV && i < count; ++i) {
    long long offset = 0;
    if (buffers[i].block &&
        solarGuardedBufferContains(&buffers[i], address, &offset)) {
      if (offset >= 0)
        snprintf(err, errSize,
                 "the compiled function accessed argument #%zu ('%s') out of "
                 "bounds: byte %lld past the end of its %zu bytes (a loop "
                 "bound or index is too large)",
                 i, argNames[i], offset - (long long)buffers[i].bytes,
                 buffers[i].bytes);
      else
        snprintf(err, errSize,
                 "the compiled function accessed argument #%zu ('%s') out of "
                 "bounds: %lld byte(s) before its start (an index is "
                 "negative)",
                 i, argNames[i], -offset);
      return;
    }
  }
  /* Deeper than any loop nest's frame needs: the stack ran out. */
  const uintptr_t kOverflowDepth = 1024 * 1024;
  uintptr_t sp = crashStackPointer, fault = (uintptr_t)address;
  if (signo == SIGSEGV && sp && callStackPointer > sp &&
      callStackPointer - sp > kOverflowDepth && fault + 65536 >= sp &&
      fault < callStackPointer) {
    struct rlimit stack;
    getrlimit(RLIMIT_STACK, &stack);
    snprintf(err, errSize,
             "the compiled function overflowed its stack (%.1f MiB deep at "
             "the fault; the limit is %.0f MiB): endless or too deep "
             "recursion, or a memref.alloca too large for the stack (use "
             "memref.alloc)",
             (double)(callStackPointer - sp) / 1048576.0,
             stack.rlim_cur == RLIM_INFINITY ? 0.0
                                             : (double)stack.rlim_cur / 1048576.0);
    return;
  }
  if ((signo == SIGSEGV || signo == SIGBUS) && fault < 65536) {
    snprintf(err, errSize,
             "the compiled function crashed with %s at address %#lx: a null "
             "pointer, as a memref.alloc larger than the memory limit "
             "(--verify-memory) leaves",
             signalName(signo), (unsigned long)fault);
    return;
  }
  /* The lowering asserts every memref access's bounds
   * (solarVerifyLoweringPipeline), and the failed check's message, with the
   * access's source location, went to stderr just before. */
  if (signo == SIGABRT) {
    snprintf(err, errSize,
             "the compiled function stopped at a failed runtime check "
             "(SIGABRT): an access outside its memref or a failed cf.assert, "
             "at the location printed above (a loop bound or index is out of "
             "range)");
    return;
  }
  snprintf(err, errSize,
           "the compiled function crashed with %s; the translation reads or "
           "writes outside its buffers, or divides by zero",
           signalName(signo));
}

/* ---- result struct layout --------------------------------------------- */

/* Size and alignment of a result as a field of the struct in which the
 * C interface returns a memref or several results (x86-64/AArch64 C and
 * LLVM data layouts agree for these types). */
static void slotLayout(const SolarVerifySlot *slot, size_t *size,
                       size_t *align) {
  if (slot->isMemRef) {
    *size = solarMemRefDescSize(slot->rank);
    *align = 8;
  } else {
    *size = solarVerifyDtypeSize(slot->dtype);
    *align = *size;
  }
}

static bool resultsViaPointer(const SolarVerifySignature *sig) {
  return sig->resultCount > 1 ||
         (sig->resultCount == 1 && sig->results[0].isMemRef);
}

/* ---- reading results -------------------------------------------------- */

static bool isArgumentBuffer(const void *pointer,
                             const SolarGuardedBuffer *buffers, size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (buffers[i].block && pointer == buffers[i].data)
      return true;
  return false;
}

/* False when the returned sizes are negative or their bytes cannot be
 * allocated (a descriptor the function filled with garbage). */
static bool readMemRefResult(const void *desc, const SolarVerifySlot *slot,
                             SolarNpyArray *out) {
  out->dtype = slot->dtype;
  out->rank = slot->rank;
  out->shape = calloc((size_t)(slot->rank ? slot->rank : 1), sizeof(int64_t));
  if (!out->shape)
    return false;
  out->count = 1;
  size_t elementSize = solarVerifyDtypeSize(slot->dtype);
  for (int64_t d = 0; d < slot->rank; ++d) {
    out->shape[d] = solarMemRefDescSizeAt(desc, slot->rank, d);
    if (out->shape[d] < 0 ||
        (out->shape[d] && out->count > SIZE_MAX / elementSize /
                                           (size_t)out->shape[d]))
      return false;
    out->count *= (size_t)out->shape[d];
  }
  size_t bytes = out->count * elementSize;
  out->data = malloc(bytes ? bytes : 1);
  if (!out->data)
    return false;
  solarMemRefDescGather(desc, slot->rank, solarVerifyDtypeSize(slot->dtype),
                        out->data);
  return true;
}

static void readScalarResult(const void *value, const SolarVerifySlot *slot,
                             SolarNpyArray *out) {
  size_t size = solarVerifyDtypeSize(slot->dtype);
  out->dtype = slot->dtype;
  out->rank = 0;
  out->shape = NULL;
  out->count = 1;
  out->data = malloc(size);
  if (!out->data)
    abort();
  memcpy(out->data, value, size);
}

/* Copies every result out, then frees each distinct heap block the function
 * returned (two results may share one; an argument may be returned). */
static bool collectResults(const SolarVerifySignature *sig,
                           const unsigned char *resultStruct,
                           const size_t *offsets,
                           const SolarGuardedBuffer *buffers,
                           SolarNpyArray *results) {
  /* Addresses, not pointers: they are only compared after the free. */
  uintptr_t *freed =
      calloc(sig->resultCount ? sig->resultCount : 1, sizeof(uintptr_t));
  if (!freed)
    abort();
  size_t freedCount = 0;
  for (size_t r = 0; r < sig->resultCount; ++r) {
    const void *field = resultStruct + offsets[r];
    const SolarVerifySlot *slot = &sig->results[r];
    if (!slot->isMemRef) {
      readScalarResult(field, slot, &results[r]);
      continue;
    }
    if (!readMemRefResult(field, slot, &results[r])) {
      free(freed);
      return false;
    }
    void *allocated = solarMemRefDescAllocated(field);
    bool skip = !allocated || allocated == SOLAR_GLOBAL_MEMREF_MARKER ||
                isArgumentBuffer(allocated, buffers, sig->argCount);
    for (size_t f = 0; f < freedCount && !skip; ++f)
      skip = freed[f] == (uintptr_t)allocated;
    if (!skip) {
      freed[freedCount++] = (uintptr_t)allocated;
      free(allocated);
    }
  }
  free(freed);
  return true;
}

/* ---- the call --------------------------------------------------------- */

bool solarVerifyInvoke(const SolarVerifyJit *jit, const char *funcName,
                       const SolarVerifySignature *sig, SolarNpyArray *argData,
                       const char *const *argNames, SolarNpyArray *results,
                       char *err, size_t errSize) {
  size_t argCount = sig->argCount;
  bool viaPointer = resultsViaPointer(sig);
  bool scalarResult = sig->resultCount == 1 && !viaPointer;
  size_t packedCount = argCount + (viaPointer || scalarResult ? 1 : 0);

  SolarGuardedBuffer *buffers = calloc(argCount + 1, sizeof(*buffers));
  void **descs = calloc(argCount + 1, sizeof(void *));
  uint64_t *scalars = calloc(argCount + 1, sizeof(uint64_t));
  void **packed = calloc(packedCount + 1, sizeof(void *));
  size_t *offsets = calloc(sig->resultCount + 1, sizeof(size_t));
  if (!buffers || !descs || !scalars || !packed || !offsets)
    abort();

  /* Results come back in a struct whose address is the first argument. */
  size_t structSize = 0, maxAlign = 8;
  for (size_t r = 0; r < sig->resultCount; ++r) {
    size_t size, align;
    slotLayout(&sig->results[r], &size, &align);
    structSize = (structSize + align - 1) / align * align;
    offsets[r] = structSize;
    structSize += size;
    if (align > maxAlign)
      maxAlign = align;
  }
  structSize = (structSize + maxAlign - 1) / maxAlign * maxAlign;
  unsigned char *resultStruct = calloc(1, structSize ? structSize : 8);
  void *resultStructPointer = resultStruct;
  if (!resultStruct)
    abort();

  size_t next = 0;
  bool prepared = true;
  if (viaPointer)
    packed[next++] = &resultStructPointer;
  for (size_t i = 0; i < argCount; ++i) {
    const SolarVerifySlot *slot = &sig->args[i];
    SolarNpyArray *data = &argData[i];
    if (!slot->isMemRef) {
      /* The packed wrapper loads the scalar from this address. */
      memcpy(&scalars[i], data->data, solarVerifyDtypeSize(slot->dtype));
      packed[next++] = &scalars[i];
      continue;
    }
    size_t bytes = data->count * solarVerifyDtypeSize(data->dtype);
    if (!solarGuardedBufferCreate(&buffers[i], bytes, data->data)) {
      snprintf(err, errSize,
               "cannot map %zu bytes for argument #%zu ('%s'): not enough "
               "memory, or over the memory limit (--verify-memory)",
               bytes, i, argNames[i]);
      prepared = false;
      break;
    }
    descs[i] = malloc(solarMemRefDescSize(slot->rank));
    if (!descs[i])
      abort();
    solarMemRefDescInitContiguous(descs[i], slot->rank, buffers[i].data,
                                  data->shape);
    /* The C interface takes each memref as a pointer to its descriptor;
     * the packed slot holds the address of that pointer. */
    packed[next++] = &descs[i];
  }
  if (scalarResult)
    packed[next++] = resultStruct;

  bool found = true;
  int signo = prepared ? callProtected(jit->engine, funcName, packed, &found)
                       : 0;
  bool ok = prepared;
  if (!prepared) {
    /* err says which buffer did not fit. */
  } else if (signo) {
    describeCrash(signo, crashAddress, buffers, argCount, argNames, err,
                  errSize);
    ok = false;
  } else if (!found) {
    snprintf(err, errSize,
             "internal error: the JIT has no packed entry point for @%s",
             funcName);
    ok = false;
  }
  for (size_t i = 0; ok && i < argCount; ++i) {
    long long offset = 0;
    if (buffers[i].block && !solarGuardedBufferIntact(&buffers[i], &offset)) {
      snprintf(err, errSize,
               "the compiled function wrote argument #%zu ('%s') out of "
               "bounds: %lld byte(s) before its start (an index is negative)",
               i, argNames[i], -offset);
      ok = false;
    }
  }
  if (ok) {
    for (size_t i = 0; i < argCount; ++i)
      if (buffers[i].block)
        memcpy(argData[i].data, buffers[i].data, buffers[i].bytes);
    if (!collectResults(sig, resultStruct, offsets, buffers, results)) {
      snprintf(err, errSize,
               "a returned memref's sizes are negative or too large to "
               "copy (%s)",
               "its descriptor holds garbage, or the copy is over the memory "
               "limit");
      ok = false;
    }
  }

  for (size_t i = 0; i < argCount; ++i) {
    if (buffers[i].block)
      solarGuardedBufferDestroy(&buffers[i]);
    free(descs[i]);
  }
  free(buffers);
  free(descs);
  free(scalars);
  free(packed);
  free(offsets);
  free(resultStruct);
  return ok;
}
