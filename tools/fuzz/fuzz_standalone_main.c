/* A driver for the fuzz target where libFuzzer is not available (the
 * default gcc build): it runs every seed, then mutates seeds with byte,
 * token and number mutations for a time or run budget. Each input runs in a
 * forked child of the initialized process (the MLIR context is set up once),
 * so a crash, a sanitizer report, a hang or nonsense output is counted and
 * saved, and the campaign goes on. Hangs are measured in CPU seconds of the
 * child (RLIMIT_CPU), so machine load cannot make one up.
 *
 * Flags follow libFuzzer's spelling: -max_total_time=S -runs=N -seed=N
 * -timeout=S -dict=FILE -artifact_prefix=DIR/ -max_len=N, then corpus
 * files or folders. Ends with one line:
 *   solar-fuzz: N inputs (S seeds), R reached SOL, C crashes, H hangs,
 *   K nonsense, T s
 * and exit status 1 when anything was found. */
#include "fuzz_sol_chain.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  char *data;
  size_t size;
} Input;

typedef struct {
  Input *items;
  size_t count, capacity;
} InputList;

typedef struct {
  double maxTotalTime;
  long runs;
  unsigned seed;
  int timeoutS;
  size_t maxLen;
  const char *dictPath;
  const char *artifactPrefix;
} DriverFlags;

typedef struct {
  long inputs, seeds, reachedSol, crashes, hangs, nonsense;
} Counts;

static void push(InputList *list, char *data, size_t size) {
  if (list->count == list->capacity) {
    list->capacity = list->capacity ? 2 * list->capacity : 64;
    list->items = realloc(list->items, list->capacity * sizeof(Input));
    if (!list->items)
      abort();
  }
  list->items[list->count++] = (Input){data, size};
}

static void freeList(InputList *list) {
  for (size_t i = 0; i < list->count; ++i)
    free(list->items[i].data);
  free(list->items);
  memset(list, 0, sizeof(*list));
}

static char *readWhole(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  char *data = NULL;
  size_t used = 0, capacity = 0, n;
  char chunk[8192];
  while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0) {
    if (used + n > capacity) {
      capacity = 2 * (used + n);
      data = realloc(data, capacity);
      if (!data)
        abort();
    }
    memcpy(data + used, chunk, n);
    used += n;
  }
  fclose(f);
  if (!data && !(data = malloc(1)))
    abort();
  *size = used;
  return data;
}

static void addSeedPath(InputList *seeds, const char *path) {
  struct stat st;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "solar-fuzz: cannot read '%s'\n", path);
    exit(2);
  }
  if (S_ISREG(st.st_mode)) {
    size_t size;
    char *data = readWhole(path, &size);
    if (data)
      push(seeds, data, size);
    return;
  }
  DIR *dir = opendir(path);
  if (!dir)
    return;
  struct dirent *entry;
  while ((entry = readdir(dir))) {
    if (entry->d_name[0] == '.')
      continue;
    char child[4096];
    snprintf(child, sizeof(child), "%s/%s", path, entry->d_name);
    if (stat(child, &st) == 0 && S_ISREG(st.st_mode))
      addSeedPath(seeds, child);
  }
  closedir(dir);
}

/* libFuzzer dictionary lines: name="value" with \\, \" and \xNN escapes. */
static void loadDictionary(const char *path, InputList *tokens) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "solar-fuzz: cannot read dictionary '%s'\n", path);
    exit(2);
  }
  char line[4096];
  while (fgets(line, sizeof(line), f)) {
    char *open = strchr(line, '"');
    char *close = strrchr(line, '"');
    if (line[0] == '#' || !open || close == open)
      continue;
    char *value = malloc((size_t)(close - open));
    size_t n = 0;
    for (char *p = open + 1; p < close; ++p) {
      if (*p == '\\' && p + 1 < close) {
        ++p;
        if (*p == 'x' && p + 2 < close) {
          char hex[3] = {p[1], p[2], 0};
          value[n++] = (char)strtol(hex, NULL, 16);
          p += 2;
          continue;
        }
      }
      value[n++] = *p;
    }
    push(tokens, value, n);
  }
  fclose(f);
}

static const char *const interestingNumbers[] = {
    "0", "1", "-1", "2", "3", "7", "64", "255", "1024", "4096", "65536",
    "2147483647", "2147483648", "4294967296", "9223372036854775807",
    "-9223372036854775808", "18446744073709551616", "1e308", "0.5", "1e-300"};

static bool isDigit(char c) { return c >= '0' && c <= '9'; }

/* One of: delete a range, insert a token, replace a byte, duplicate a range,
 * replace a number by an interesting one, splice another seed in. */
static void mutateOnce(Input *in, const InputList *tokens,
                       const InputList *pool, size_t maxLen) {
  size_t size = in->size;
  size_t pos = size ? (size_t)rand() % (size + 1) : 0;
  const char *insert = NULL;
  size_t insertSize = 0, removeSize = 0;
  char byte;
  switch (rand() % 6) {
  case 0:
    removeSize = pos < size ? 1 + (size_t)rand() % (size - pos < 16 ? size - pos : 16) : 0;
    break;
  case 1:
    if (tokens->count) {
      const Input *t = &tokens->items[(size_t)rand() % tokens->count];
      insert = t->data;
      insertSize = t->size;
    }
    break;
  case 2:
    byte = (char)(32 + rand() % 95);
    insert = &byte;
    insertSize = 1;
    removeSize = pos < size ? 1 : 0;
    break;
  case 3:
    if (size) {
      size_t from = (size_t)rand() % size;
      insert = in->data + from;
      insertSize = 1 + (size_t)rand() % 64;
      if (insertSize > size - from)
        insertSize = size - from;
    }
    break;
  case 4: {
    size_t start = pos;
    while (start < size && !isDigit(in->data[start]))
      start++;
    size_t end = start;
    while (end < size && isDigit(in->data[end]))
      end++;
    if (start < size) {
      pos = start;
      removeSize = end - start;
      insert = interestingNumbers[(size_t)rand() % (sizeof(interestingNumbers) /
                                                     sizeof(*interestingNumbers))];
      insertSize = strlen(insert);
    }
    break;
  }
  default:
    if (pool->count) {
      const Input *other = &pool->items[(size_t)rand() % pool->count];
      if (other->size) {
        size_t from = (size_t)rand() % other->size;
        insert = other->data + from;
        insertSize = 1 + (size_t)rand() % 256;
        if (insertSize > other->size - from)
          insertSize = other->size - from;
      }
    }
    break;
  }
  if (size - removeSize + insertSize > maxLen)
    return;
  char *out = malloc(size - removeSize + insertSize + 1);
  if (!out)
    abort();
  memcpy(out, in->data, pos);
  if (insertSize)
    memcpy(out + pos, insert, insertSize);
  memcpy(out + pos + insertSize, in->data + pos + removeSize,
         size - pos - removeSize);
  free(in->data);
  in->data = out;
  in->size = size - removeSize + insertSize;
}

static void saveArtifact(const DriverFlags *flags, const char *kind, long n,
                         const Input *in, const char *logPath) {
  char path[4096];
  snprintf(path, sizeof(path), "%s%s-%ld.mlir", flags->artifactPrefix, kind, n);
  FILE *f = fopen(path, "wb");
  if (f) {
    fwrite(in->data, 1, in->size, f);
    fclose(f);
  }
  fprintf(stderr, "solar-fuzz: %s saved as %s\n", kind, path);
  size_t logSize = 0;
  char *log = readWhole(logPath, &logSize);
  if (log) {
    fprintf(stderr, "%.*s\n", (int)(logSize > 3000 ? 3000 : logSize),
            log + (logSize > 3000 ? logSize - 3000 : 0));
    free(log);
  }
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Runs one input in a child; returns whether it reached the SOL check. */
static bool runOne(const Input *in, const DriverFlags *flags, Counts *counts,
                   const char *logPath) {
  counts->inputs++;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    perror("solar-fuzz: fork");
    exit(2);
  }
  if (pid == 0) {
    int log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (log >= 0) {
      dup2(log, 2);
      close(log);
    }
    int devnull = open("/dev/null", O_WRONLY);
    if (devnull >= 0)
      dup2(devnull, 1);
    /* CPU seconds: a busy loop ends in SIGXCPU however loaded the machine;
     * the wall-clock alarm only catches a child blocked on something. */
    struct rlimit cpu = {(rlim_t)flags->timeoutS, (rlim_t)flags->timeoutS + 1};
    setrlimit(RLIMIT_CPU, &cpu);
    alarm((unsigned)flags->timeoutS * 20);
    LLVMFuzzerTestOneInput((const uint8_t *)in->data, in->size);
    _exit(solarFuzzReachedSol ? 10 : 11);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    ;
  /* Exit status 1 is the parser guard's (lib/support/parse.c): MLIR's own
   * parser faulted after a syntax error and the input was rejected with a
   * message, as solar-opt does. */
  if (WIFEXITED(status) && (WEXITSTATUS(status) == 10 ||
                            WEXITSTATUS(status) == 11 ||
                            WEXITSTATUS(status) == 1)) {
    bool reached = WEXITSTATUS(status) == 10;
    counts->reachedSol += reached;
    return reached;
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) == kSolarFuzzNonsenseExit)
    saveArtifact(flags, "nonsense", ++counts->nonsense, in, logPath);
  else if (WIFSIGNALED(status) &&
           (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGALRM ||
            WTERMSIG(status) == SIGKILL))
    saveArtifact(flags, "hang", ++counts->hangs, in, logPath);
  else
    saveArtifact(flags, "crash", ++counts->crashes, in, logPath);
  return false;
}

static bool parseFlag(const char *arg, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(arg, name, n) == 0 && arg[n] == '=') {
    *value = arg + n + 1;
    return true;
  }
  return false;
}

int main(int argc, char **argv) {
  DriverFlags flags = {0, -1, 1, 5, 1 << 16, NULL, "./"};
  InputList seeds = {0}, tokens = {0};
  for (int i = 1; i < argc; ++i) {
    const char *v;
    if (parseFlag(argv[i], "-max_total_time", &v))
      flags.maxTotalTime = atof(v);
    else if (parseFlag(argv[i], "-runs", &v))
      flags.runs = atol(v);
    else if (parseFlag(argv[i], "-seed", &v))
      flags.seed = (unsigned)atol(v);
    else if (parseFlag(argv[i], "-timeout", &v))
      flags.timeoutS = atoi(v) > 0 ? atoi(v) : 1;
    else if (parseFlag(argv[i], "-max_len", &v))
      flags.maxLen = (size_t)atol(v);
    else if (parseFlag(argv[i], "-dict", &v))
      flags.dictPath = v;
    else if (parseFlag(argv[i], "-artifact_prefix", &v))
      flags.artifactPrefix = v;
    else if (argv[i][0] == '-')
      fprintf(stderr, "solar-fuzz: ignoring flag %s\n", argv[i]);
    else
      addSeedPath(&seeds, argv[i]);
  }
  if (!seeds.count) {
    fprintf(stderr, "usage: %s [-max_total_time=S] [-runs=N] [-seed=N] "
                    "[-timeout=S] [-dict=FILE] [-artifact_prefix=DIR/] "
                    "CORPUS...\n", argv[0]);
    return 2;
  }
  if (flags.dictPath)
    loadDictionary(flags.dictPath, &tokens);
  srand(flags.seed);
  LLVMFuzzerInitialize(&argc, &argv);
  char logPath[4096];
  snprintf(logPath, sizeof(logPath), "%ssolar-fuzz-%d.log",
           flags.artifactPrefix, (int)getpid());

  Counts counts = {0};
  double start = now();
  /* Mutants that got through the whole chain join the pool: they are the
   * valid programs whose mutations reach the later stages. */
  InputList pool = {0};
  for (size_t i = 0; i < seeds.count; ++i) {
    counts.seeds++;
    if (runOne(&seeds.items[i], &flags, &counts, logPath)) {
      char *copy = malloc(seeds.items[i].size + 1);
      memcpy(copy, seeds.items[i].data, seeds.items[i].size);
      push(&pool, copy, seeds.items[i].size);
    }
  }
  if (!pool.count)
    for (size_t i = 0; i < seeds.count; ++i) {
      char *copy = malloc(seeds.items[i].size + 1);
      memcpy(copy, seeds.items[i].data, seeds.items[i].size);
      push(&pool, copy, seeds.items[i].size);
    }
  enum { kMaxPool = 4096 };
  while ((flags.runs < 0 || counts.inputs < flags.runs) &&
         (flags.maxTotalTime <= 0 || now() - start < flags.maxTotalTime) &&
         !(flags.runs < 0 && flags.maxTotalTime <= 0)) {
    const Input *base = &pool.items[(size_t)rand() % pool.count];
    Input mutant = {malloc(base->size + 1), base->size};
    memcpy(mutant.data, base->data, base->size);
    int steps = 1 + rand() % 4;
    for (int s = 0; s < steps; ++s)
      mutateOnce(&mutant, &tokens, &pool, flags.maxLen);
    if (runOne(&mutant, &flags, &counts, logPath) && pool.count < kMaxPool)
      push(&pool, mutant.data, mutant.size);
    else
      free(mutant.data);
  }
  unlink(logPath);
  freeList(&pool);
  freeList(&seeds);
  freeList(&tokens);
  solarFuzzShutdown();
  printf("solar-fuzz: %ld inputs (%ld seeds), %ld %s, %ld crashes, "
         "%ld hangs, %ld nonsense, %.0f s\n",
         counts.inputs, counts.seeds, counts.reachedSol, solarFuzzReachedWhat,
         counts.crashes,
         counts.hangs, counts.nonsense, now() - start);
  fflush(stdout);
  return counts.crashes || counts.hangs || counts.nonsense ? 1 : 0;
}
