/* solar archs: every hardware file in the search path, with the numbers a
 * SOL time depends on most. */
#include "solar/arch/arch.h"

#include <stdio.h>
#include <string.h>

int solarCmdArchs(int argc, char **argv) {
  if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
    printf("USAGE: solar archs\n\nLists the hardware files of SOLAR_ARCH_PATH "
           "and the built-in arch/ directory.\n");
    return 0;
  }
  if (argc > 1) {
    fprintf(stderr, "solar archs: error: unexpected argument '%s'\n", argv[1]);
    return 2;
  }
  SolarArchList list;
  solarArchListAll(&list);
  printf("%-20s %12s %14s %12s  %s\n", "name", "DRAM TB/s", "bf16 TMAC/s",
         "L2 MiB", "file");
  int status = 0;
  for (size_t i = 0; i < list.count; ++i) {
    SolarArch arch;
    SolarArchDiag diag;
    solarArchDiagInit(&diag);
    if (!solarArchLoadFile(list.entries[i].path, NULL, &arch, &diag)) {
      char text[2 * SOLAR_ARCH_DIAG_TEXT + 32];
      solarArchDiagFormat(&diag, 0, text, sizeof(text));
      fprintf(stderr, "%s\n", text);
      status = 1;
      continue;
    }
    const SolarMemLevel *l2 = solarArchFindLevel(&arch, SOLAR_MEM_L2);
    printf("%-20s %12.3f %14.1f %12.1f  %s\n", arch.name,
           arch.dram_bytes_per_s.value / 1e12,
           arch.tensor_mac_per_s[SOLAR_DTYPE_BF16].value / 1e12,
           l2 ? l2->capacity_bytes.value / 1048576.0 : 0.0,
           list.entries[i].path);
    solarArchDestroy(&arch);
  }
  solarArchListDestroy(&list);
  return status;
}
