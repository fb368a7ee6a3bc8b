/* unit-isl_text: the tuple-name scanner (lib/support/isl_text.c) on texts
 * as isl prints them. Prints, per text, the names found (or "none"), so
 * the .test file states each expectation next to its reason. */
#include "solar/support/isl_text.h"

#include <stdio.h>

static void show(const char *text, bool isMap) {
  SolarTupleNames n = solarIslTupleNames(text, isMap);
  if (!n.inLength) {
    printf("none\n");
    return;
  }
  printf("in=%.*s@%u", (int)n.inLength, text + n.inAt, n.inAt);
  if (isMap)
    printf(" out=%.*s@%u", (int)n.outLength, text + n.outAt, n.outAt);
  printf("\n");
}

int main(void) {
  show("{ S12[m] : 0 <= m <= 95 }", false);
  show("{ S12[m] -> alloc_3[m] : 0 <= m <= 95 }", true);
  show("[N] -> { S0[i] -> A[i, 0] : 0 <= i < N }", true);
  show("{ weights[i] : 0 <= i <= 3 }", false);
  show("{ floor[i] : 0 <= i <= 3 }", false);
  show("{ S0[i] -> MAX[i] }", true);
  show("{ S0[i] -> Max2[i] }", true);
  show("{ [i] : 0 <= i <= 3 }", false);
  show("{ S0[i]; S1[j] }", false);
  show("{ S0[i, j = 0] -> T1[a[i] -> b[j]] }", true);
  show("{ S0[i] : i >= 0 }", true);
  show("no brace", false);
  return 0;
}
