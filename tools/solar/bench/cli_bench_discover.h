/* The programs of a `solar bench` tree (docs/bench.md): every *.py below
 * the directory, and every *.mlir that is not the sibling IR of a *.py
 * (analyzed SOL-only). Hidden entries and __pycache__ are skipped;
 * symbolic links are followed, each directory and program once (a visited
 * set of device and inode), so link cycles end. */
#ifndef SOLAR_CLI_BENCH_DISCOVER_H
#define SOLAR_CLI_BENCH_DISCOVER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct {
  char *relPath;  /* below the tree, '/'-separated: "level1/matmul.py" */
  char *path;     /* the tree's absolute path + "/" + relPath */
  bool framework; /* a .py program; false: a lone .mlir (SOL only) */
} SolarBenchProgram;

typedef struct {
  SolarBenchProgram *items; /* sorted by relPath */
  size_t count;
  size_t capacity;
} SolarBenchProgramList;

/* Fills *out (caller calls solarBenchProgramListDestroy, also on failure).
 * root must be an absolute, resolved path; skipDir (a resolved path, may be
 * NULL) is not descended into, so an output directory inside the tree is
 * not read back as programs. False with a message when a directory cannot
 * be read. */
bool solarBenchDiscover(const char *root, const char *skipDir,
                        SolarBenchProgramList *out, char *err,
                        size_t errSize);

void solarBenchProgramListDestroy(SolarBenchProgramList *list);

#endif
