/* Umbrella header for libsolar. */
#ifndef SOLAR_SOLAR_H
#define SOLAR_SOLAR_H

#include "solar/arch.h"
#include "solar/context.h"
#include "solar/diagnostics.h"
#include "solar/options.h"
#include "solar/parse.h"
#include "solar/passes.h"

#endif
