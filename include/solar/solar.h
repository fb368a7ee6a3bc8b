/* Umbrella header for libsolar. */
#ifndef SOLAR_SOLAR_H
#define SOLAR_SOLAR_H

#include "solar/arch/arch.h"
#include "solar/dialect/context.h"
#include "solar/support/diagnostics.h"
#include "solar/support/options.h"
#include "solar/support/parse.h"
#include "solar/passes/passes.h"

#endif
