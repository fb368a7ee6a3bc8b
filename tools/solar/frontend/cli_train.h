/* `--train [--loss L] [--optimizer O]`: one training step of a PyTorch
 * or Flax program instead of its forward pass (docs/importers.md, "Training
 * steps"). The choice travels unchanged from the commands to the importer
 * and the reference runner (tools/python/solar_ref/train.py builds the
 * step). */
#ifndef SOLAR_CLI_TRAIN_H
#define SOLAR_CLI_TRAIN_H

#include "cli_python.h"

#include <stdbool.h>

typedef struct {
  bool train;
  const char *loss;      /* mse | cross_entropy | sum; NULL: mse */
  const char *optimizer; /* sgd | adamw; NULL: sgd */
  /* solar analyze --mask-zeros: also the figures at these inputs, the
   * zeros of the step's run-time masks skipped (docs/sol-model.md, "Masks
   * at these inputs"). */
  bool maskZeros;
} SolarTrainStep;

/* The function name a training step is exported as when no --function
 * names one. */
#define SOLAR_TRAIN_FUNCTION "train_step"

/* Checks the choice: valid names, --loss/--optimizer/--mask-zeros only
 * with --train.
 * False after printing "solar <command>: error: ...". */
bool solarTrainCheck(const char *command, const SolarTrainStep *step);

/* The loss and optimizer a step uses, defaults resolved ("mse", "sgd"). */
const char *solarTrainLoss(const SolarTrainStep *step);
const char *solarTrainOptimizer(const SolarTrainStep *step);

/* Appends the choice as the Python tools' flags (nothing without train). */
void solarTrainArgs(SolarArgs *args, const SolarTrainStep *step);

#endif
