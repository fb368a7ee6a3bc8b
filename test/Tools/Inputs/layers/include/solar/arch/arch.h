/* Fixture for layer-check.test: an arch header may use support. */
#include "solar/support/text.h"
