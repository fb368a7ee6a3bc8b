/* Fixture for layer-check.test: support is the first layer; including an
 * arch header points the wrong way. */
#include "solar/support/text.h"
#include "solar/arch/arch.h"
