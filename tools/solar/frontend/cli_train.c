/* Checking and passing on a training-step choice (cli_train.h). */
#include "cli_train.h"

#include <stdio.h>
#include <string.h>

static bool oneOf(const char *value, const char *const *names) {
  for (size_t i = 0; names[i]; ++i)
    if (!strcmp(value, names[i]))
      return true;
  return false;
}

bool solarTrainCheck(const char *command, const SolarTrainStep *step) {
  static const char *const losses[] = {"mse", "cross_entropy", "sum", NULL};
  static const char *const optimizers[] = {"sgd", "adamw", NULL};
  const char *given = step->loss        ? "--loss"
                      : step->optimizer ? "--optimizer"
                      : step->maskZeros ? "--mask-zeros"
                                        : NULL;
  if (!step->train && given) {
    fprintf(stderr, "solar %s: error: %s applies to a training step: add "
                    "--train\n", command, given);
    return false;
  }
  if (step->loss && !oneOf(step->loss, losses)) {
    fprintf(stderr, "solar %s: error: --loss must be mse, cross_entropy or "
                    "sum, not '%s'\n", command, step->loss);
    return false;
  }
  if (step->optimizer && !oneOf(step->optimizer, optimizers)) {
    fprintf(stderr, "solar %s: error: --optimizer must be sgd or adamw, not "
                    "'%s'\n", command, step->optimizer);
    return false;
  }
  return true;
}

const char *solarTrainLoss(const SolarTrainStep *step) {
  return step->loss ? step->loss : "mse";
}

const char *solarTrainOptimizer(const SolarTrainStep *step) {
  return step->optimizer ? step->optimizer : "sgd";
}

void solarTrainArgs(SolarArgs *args, const SolarTrainStep *step) {
  if (!step->train)
    return;
  solarArgsAdd(args, "--train");
  solarArgsOption(args, "--loss", step->loss);
  solarArgsOption(args, "--optimizer", step->optimizer);
}
