/* unit-parse_unterminated: solarParseModule reads exactly the bytes it is
 * given. The text is put at the very end of a page whose successor is
 * unmapped, so a parser that looks for a terminating NUL after the last
 * byte (MLIR's lexer does, as llvm::MemoryBuffer promises one) faults
 * there: fuzz campaign 7 saw that read through AddressSanitizer. Prints
 * "parsed N op(s)" for a well-formed text and "rejected" for a syntax
 * error, both ending exactly at the page boundary. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "solar/dialect/context.h"
#include "solar/support/parse.h"

#include "mlir-c/IR.h"

#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void parseAtPageEnd(MlirContext ctx, const char *text) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  char *two = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (two == MAP_FAILED || mprotect(two + page, page, PROT_NONE) != 0) {
    printf("FAIL: cannot map a guard page\n");
    return;
  }
  size_t length = strlen(text);
  char *at = two + page - length;
  memcpy(at, text, length);
  MlirModule module = solarParseModule(ctx, at, length, "unterminated");
  if (mlirModuleIsNull(module)) {
    printf("rejected\n");
  } else {
    int ops = 0;
    for (MlirOperation op =
             mlirBlockGetFirstOperation(mlirModuleGetBody(module));
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      ops++;
    printf("parsed %d op(s)\n", ops);
    mlirModuleDestroy(module);
  }
  munmap(two, 2 * page);
}

int main(void) {
  MlirContext ctx = solarContextCreate();
  parseAtPageEnd(ctx, "func.func @f() {\n  return\n}");
  parseAtPageEnd(ctx, "func.func @f() {\n  return\n} func.func @g() { return }");
  parseAtPageEnd(ctx, "func.func @f(");
  parseAtPageEnd(ctx, "e");
  mlirContextDestroy(ctx);
  return 0;
}
