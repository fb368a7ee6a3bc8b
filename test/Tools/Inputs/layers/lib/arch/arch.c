/* Fixture for layer-check.test: arch comes after support, so both
 * includes are allowed. */
#include "solar/arch/arch.h"
#include "solar/support/text.h"
