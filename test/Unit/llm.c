/* unit-llm: the LLM frontend's pure functions, one query per invocation.
 *   unit-llm extract FILE            the MLIR found in a reply (or the error)
 *   unit-llm endpoint openai|anthropic URL
 *   unit-llm guess URL               the provider guessed from a URL
 *   unit-llm sha256 TEXT
 *   unit-llm redact TEXT SECRET
 *   unit-llm request openai|anthropic   body for a fixed two-turn conversation
 *   unit-llm reply openai|anthropic FILE  the assistant text of a reply body */
#include "llm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readAll(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = calloc((size_t)size + 1, 1);
  if (text && fread(text, 1, (size_t)size, f) != (size_t)size) {
    free(text);
    text = NULL;
  }
  fclose(f);
  return text;
}

static SolarLlmProvider provider(const char *name) {
  SolarLlmProvider p = SolarLlmProviderOpenAI;
  if (!solarLlmProviderParse(name, &p)) {
    fprintf(stderr, "unit-llm: unknown provider %s\n", name);
    exit(2);
  }
  return p;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  const char *what = argv[1];
  char err[512] = "";
  if (!strcmp(what, "extract")) {
    char *reply = readAll(argv[2]);
    char *mlir = reply ? solarLlmExtractMlir(reply, err, sizeof(err)) : NULL;
    if (mlir)
      printf("[%s]\n", mlir);
    else
      printf("error: %s\n", err);
    free(mlir);
    free(reply);
    return mlir ? 0 : 1;
  }
  if (!strcmp(what, "endpoint") && argc == 4) {
    char why[160];
    char *url = solarLlmEndpoint(provider(argv[2]), argv[3], why, sizeof(why));
    if (url)
      printf("%s\n", url);
    else
      printf("error: %s\n", why);
    free(url);
    return url ? 0 : 1;
  }
  if (!strcmp(what, "guess")) {
    printf("%s\n", solarLlmProviderName(solarLlmProviderGuess(argv[2])));
    return 0;
  }
  if (!strcmp(what, "sha256")) {
    char hex[65];
    if (!solarSha256Hex(argv[2], strlen(argv[2]), hex))
      return 1;
    printf("%s\n", hex);
    return 0;
  }
  if (!strcmp(what, "redact") && argc == 4) {
    char *text = strdup(argv[2]);
    printf("%s\n", solarLlmRedact(text, strlen(text) + 1, argv[3]));
    free(text);
    return 0;
  }
  if (!strcmp(what, "request")) {
    SolarLlmProvider p = provider(argv[2]);
    SolarLlmConversation c;
    solarLlmConversationInit(&c);
    solarLlmConversationAdd(&c, "user", "translate \"this\"\n");
    solarLlmConversationAdd(&c, "assistant", "```mlir\n```");
    SolarLlmRequestParams params = {"m1", "SYSTEM", 100, 0.0};
    char *body = solarLlmRequestBody(p, &params, &c);
    printf("%s\n", body);
    char **headers = solarLlmRequestHeaders(p, "KEY");
    for (size_t i = 0; headers[i]; ++i)
      printf("header: %s\n", headers[i]);
    solarLlmHeadersDestroy(headers);
    free(body);
    solarLlmConversationDestroy(&c);
    return 0;
  }
  if (!strcmp(what, "reply") && argc == 4) {
    char *body = readAll(argv[3]);
    char *text = NULL;
    bool truncated = false;
    bool ok = body && solarLlmReplyText(provider(argv[2]), body, strlen(body),
                                        &text, &truncated, err, sizeof(err));
    if (ok)
      printf("[%s] truncated=%d\n", text, truncated);
    else
      printf("error: %s\n", err);
    free(text);
    free(body);
    return ok ? 0 : 1;
  }
  return 2;
}
