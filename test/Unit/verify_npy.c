/* Unit test of the .npy header parser and writer (lib/verify_npy.c): each
 * case prints one line that test/Verify/npy-unit.test checks. */
#include "solar/verify/verify_npy.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void parse(const char *header) {
  char descr[32] = "", err[256] = "";
  bool fortran = false;
  int64_t *shape = NULL, rank = 0;
  bool ok = solarNpyParseHeader(header, strlen(header), descr, sizeof(descr),
                                &fortran, &shape, &rank, err, sizeof(err));
  if (!ok) {
    printf("error: %s\n", err);
    return;
  }
  printf("ok descr=%s fortran=%d rank=%lld shape=", descr, fortran,
         (long long)rank);
  for (int64_t d = 0; d < rank; ++d)
    printf("%s%lld", d ? "x" : "", (long long)shape[d]);
  printf("\n");
  free(shape);
}

static int roundTrip(const char *dir) {
  char path[4096];
  snprintf(path, sizeof(path), "%s/roundtrip.npy", dir);
  int64_t shape[] = {2, 3};
  int32_t values[] = {1, -2, 3, -4, 5, -6};
  SolarNpyArray out = {SOLAR_DTYPE_INT32, 2, shape, 6, values};
  char err[256];
  if (!solarNpyWrite(path, &out, err, sizeof(err))) {
    printf("write error: %s\n", err);
    return 1;
  }
  SolarNpyArray in;
  if (!solarNpyRead(path, &in, err, sizeof(err))) {
    printf("read error: %s\n", err);
    return 1;
  }
  printf("roundtrip dtype=%s rank=%lld shape=%lldx%lld same=%d\n",
         solarVerifyDtypeName(in.dtype), (long long)in.rank, (long long)in.shape[0],
         (long long)in.shape[1], memcmp(in.data, values, sizeof(values)) == 0);
  solarNpyArrayDestroy(&in);
  return 0;
}

int main(int argc, char **argv) {
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }");
  parse("{'descr': '<f8', 'fortran_order': False, 'shape': (5,), }");
  parse("{'descr': '|b1', 'fortran_order': False, 'shape': (), }");
  parse("{'shape': (2, 3), 'fortran_order': True, 'descr': '<i4'}");
  parse("{\"descr\": \"<i8\", \"fortran_order\": False, \"shape\": (1, 2,)}   ");
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': (5), }");
  parse("{'descr': '<f4', 'fortran_order': False}");
  parse("{'descr': '<f4', 'descr': '<f8', 'fortran_order': False, 'shape': ()}");
  parse("{'descr': '<f4', 'fortran_order': 0, 'shape': ()}");
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': (-1,)}");
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': (), 'extra': 1}");
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': ()} x");
  parse("{'descr': '<f4', 'fortran_order': False, 'shape': (2 3)}");
  parse("{'descr': '<f4\\n', 'fortran_order': False, 'shape': ()}");
  return argc > 1 ? roundTrip(argv[1]) : 0;
}
