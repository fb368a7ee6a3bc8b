/* The LLM frontend's building blocks (`solar translate`): an HTTP(S) POST
 * with timeouts and bounded retries (llm_http.c), the request and reply
 * JSON of each provider (llm_provider.c), extraction of the MLIR from a
 * reply (llm_extract.c) and the cache of verified translations
 * (llm_cache.c).
 *
 * The API key is a secret: it is only ever placed in request headers and is
 * never part of a message these functions produce (solarLlmRedact removes
 * it from text that came from elsewhere, e.g. an error body that echoes it). */
#ifndef SOLAR_LLM_H
#define SOLAR_LLM_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- HTTP ------------------------------------------------------------------ */

/* Called before each retry so the caller can report progress. `status` is
 * the HTTP status that caused it (0 for a network error), `why` a short
 * reason, `waitS` the delay about to be slept. */
typedef void (*SolarHttpRetryFn)(void *userData, int tryNumber, long status,
                                 const char *why, double waitS);

typedef struct {
  double connectTimeoutS; /* connection set-up */
  double timeoutS;        /* whole request, including the reply */
  int maxRetries;         /* extra tries on 429, 5xx and network errors */
  double backoffS;        /* first retry delay; doubles every retry */
  double retryAfterCapS;  /* Retry-After values above this are capped */
  size_t maxReplyBytes;   /* longer replies are an error */
  SolarHttpRetryFn onRetry;
  void *onRetryData;
} SolarHttpOptions;

/* Defaults: connect 10 s, total 300 s, 4 retries, backoff 1 s, Retry-After
 * cap 60 s, replies up to 16 MiB. */
void solarHttpOptionsInit(SolarHttpOptions *options);

typedef struct {
  long status;   /* final HTTP status; 0 when no reply arrived */
  char *body;    /* owned (free); NUL-terminated, may be NULL */
  size_t length;
  double seconds; /* wall time of all tries and waits together */
  int tries;
} SolarHttpResponse;

/* POSTs `body` (JSON) to `url` with the extra `headers` ("Name: value",
 * NULL-terminated; they may carry the key and are never printed). TLS peer
 * and host verification stay on; redirects are not followed.
 * Returns true when a 2xx reply arrived. On false, err holds a message with
 * the URL and the cause (status and the server's error text, timeout,
 * connection failure, size limit); *response still holds the last status
 * and body. 401 and 403 are never retried. */
bool solarHttpPostJson(const char *url, const char *const *headers,
                       const char *body, const SolarHttpOptions *options,
                       SolarHttpResponse *response, char *err, size_t errSize);
void solarHttpResponseDestroy(SolarHttpResponse *response);

/* Keys shorter than this are refused (cli_llm_config.c): redacting a short
 * key would rewrite ordinary text, and no real provider issues one. */
#define SOLAR_LLM_MIN_KEY_LENGTH 8

/* Replaces, in place, with "[REDACTED]" when it fits, else with '*'s:
 * every run of text that equals a prefix of `secret` of at least
 * SOLAR_LLM_MIN_KEY_LENGTH characters (the whole key, or a server's
 * truncated echo of it; a shorter secret redacts nothing), the user info
 * of every URL (http://USER:PASSWORD@host) and the value of every query
 * parameter of every URL but api-version (keys are passed as ?key=...).
 * Returns text. */
char *solarLlmRedact(char *text, size_t size, const char *secret);

/* ---- providers --------------------------------------------------------------- */

typedef enum {
  SolarLlmProviderOpenAI,    /* OpenAI-compatible /v1/chat/completions */
  SolarLlmProviderAnthropic, /* Anthropic Messages API /v1/messages */
} SolarLlmProvider;

typedef struct {
  char *role;    /* owned; "user" or "assistant" */
  char *content; /* owned */
} SolarLlmMessage;

typedef struct {
  size_t count, capacity;
  SolarLlmMessage *messages; /* owned */
} SolarLlmConversation;

void solarLlmConversationInit(SolarLlmConversation *conversation);
void solarLlmConversationAdd(SolarLlmConversation *conversation,
                             const char *role, const char *content);
void solarLlmConversationDestroy(SolarLlmConversation *conversation);

const char *solarLlmProviderName(SolarLlmProvider provider);
/* "openai" or "anthropic"; false for anything else. */
bool solarLlmProviderParse(const char *name, SolarLlmProvider *provider);
/* Anthropic when the URL names anthropic.com or ends in /messages. */
SolarLlmProvider solarLlmProviderGuess(const char *url);

/* The full endpoint for a base URL, joined on the URL's path with curl's
 * URL parser (a query is kept after the joined path, a fragment dropped):
 * the path is kept when it already ends in /chat/completions (/messages);
 * ".../v1" gets "/chat/completions" ("/messages"); anything else gets
 * "/v1/chat/completions" ("/v1/messages"). Caller frees. NULL, with the
 * reason in err, when baseUrl is not an absolute http or https URL. */
char *solarLlmEndpoint(SolarLlmProvider provider, const char *baseUrl,
                       char *err, size_t errSize);

typedef struct {
  const char *model;
  const char *system; /* the system prompt */
  int maxTokens;
  double temperature;
} SolarLlmRequestParams;

/* The request body (JSON text, caller frees). */
char *solarLlmRequestBody(SolarLlmProvider provider,
                          const SolarLlmRequestParams *params,
                          const SolarLlmConversation *conversation);

/* Request headers for the provider (NULL-terminated array of owned strings;
 * free with solarLlmHeadersDestroy). `apiKey` may be NULL or "" (local
 * servers that need none). */
char **solarLlmRequestHeaders(SolarLlmProvider provider, const char *apiKey);
void solarLlmHeadersDestroy(char **headers);

/* The assistant text of a successful reply (caller frees). False with a
 * message when the body is not the provider's reply JSON. `truncated` is
 * set when the provider says it stopped at the token limit. */
bool solarLlmReplyText(SolarLlmProvider provider, const char *body,
                       size_t length, char **text, bool *truncated, char *err,
                       size_t errSize);

/* The provider's error message in an error body ("error": {"message"}), or
 * NULL. Caller frees. */
char *solarLlmErrorText(const char *body, size_t length);

/* ---- extraction ---------------------------------------------------------------- */

/* The MLIR in a reply: the first fenced block tagged `mlir`, else the first
 * fenced block containing "func.func". NULL with a message in err when
 * there is none (or a fence is never closed). Caller frees. */
char *solarLlmExtractMlir(const char *reply, char *err, size_t errSize);

/* ---- cache ----------------------------------------------------------------------- */

/* $SOLAR_CACHE_DIR, else $HOME/.cache/solar/translations. Caller frees;
 * NULL when neither variable is set. */
char *solarLlmCacheDir(void);

/* Lower-case hex SHA-256 (64 characters + NUL) of `length` bytes. */
bool solarSha256Hex(const void *data, size_t length, char hex[65]);

/* The cached text for `key` (caller frees) or NULL. */
char *solarLlmCacheLoad(const char *dir, const char *key);

/* Stores text under key (directories created, written atomically). */
bool solarLlmCacheStore(const char *dir, const char *key, const char *text,
                        char *err, size_t errSize);

/* The path of key's entry (caller frees). */
char *solarLlmCachePath(const char *dir, const char *key);

#ifdef __cplusplus
}
#endif

#endif
