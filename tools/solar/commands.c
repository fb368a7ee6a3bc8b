/* The table of `solar` subcommands: add one line per command. */
#include "commands.h"

#include <string.h>

int solarCmdArchs(int argc, char **argv);
int solarCmdTranslate(int argc, char **argv);
int solarCmdCalibrate(int argc, char **argv);
int solarCmdAnalyze(int argc, char **argv);
int solarCmdBench(int argc, char **argv);
int solarCmdImport(int argc, char **argv);
int solarCmdCompare(int argc, char **argv);
int solarCmdProvision(int argc, char **argv);

static const SolarCommand commands[] = {
    {"archs", "List the hardware files solar can load", solarCmdArchs},
    {"import", "PyTorch / JAX program -> verified affine MLIR (no LLM)", solarCmdImport},
    {"translate", "PyTorch/JAX source -> verified affine MLIR via an LLM", solarCmdTranslate},
    {"analyze", "SOL, verification and headroom of a program on a chip", solarCmdAnalyze},
    {"bench", "solar analyze over a tree of programs: coverage, headroom, violations", solarCmdBench},
    {"calibrate", "Measure this CPU and write its hardware file", solarCmdCalibrate},
    {"compare", "SOL times of a model on several hardware files", solarCmdCompare},
    {"provision", "Least bandwidth, compute and capacity for a latency target", solarCmdProvision},
};

size_t solarCommandCount(void) { return sizeof(commands) / sizeof(commands[0]); }

const SolarCommand *solarCommandAt(size_t index) {
  return index < solarCommandCount() ? &commands[index] : NULL;
}

const SolarCommand *solarCommandLookup(const char *name) {
  for (size_t i = 0; i < solarCommandCount(); ++i)
    if (strcmp(commands[i].name, name) == 0)
      return &commands[i];
  return NULL;
}
