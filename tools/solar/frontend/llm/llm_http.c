/* One JSON POST with libcurl, retried the way LLM endpoints expect: rate
 * limits (429) and server errors (5xx) and network failures are transient,
 * so they are retried with exponential backoff (or the server's
 * Retry-After, capped); authentication failures are not. */
#include "llm.h"
#include "solar/support/text.h"

#include <curl/curl.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void solarHttpOptionsInit(SolarHttpOptions *options) {
  memset(options, 0, sizeof(*options));
  options->connectTimeoutS = 10;
  options->timeoutS = 300;
  options->maxRetries = 4;
  options->backoffS = 1;
  options->retryAfterCapS = 60;
  options->maxReplyBytes = 16u << 20;
}

void solarHttpResponseDestroy(SolarHttpResponse *response) {
  free(response->body);
  memset(response, 0, sizeof(*response));
}

/* Replaces [hit, hit + length) by the mark, or by as many '*' when the mark
 * is longer: the text never grows, so any buffer is enough. Returns the end
 * of the replacement. */
static char *replaceSpan(char *hit, size_t length) {
  static const char mark[] = "[REDACTED]";
  if (length >= sizeof(mark) - 1) {
    memcpy(hit, mark, sizeof(mark) - 1);
    memmove(hit + sizeof(mark) - 1, hit + length, strlen(hit + length) + 1);
    return hit + sizeof(mark) - 1;
  }
  memset(hit, '*', length);
  return hit + length;
}

/* Where a URL's authority ends: the characters that end a URL written in
 * running text, or start its path, query or fragment. A URL in running
 * text also ends at a ')' ("(openai, http://h/v1?key=K)"): provider keys
 * hold no ')', and a credential read too short would leak its end. */
static const char kAuthorityEnd[] = "/?# \t\r\n\"'<>";
static const char kUrlEnd[] = " \t\r\n\"'<>)";

/* scheme://USER:PASSWORD@host: the user info is a credential too. */
static void redactUserinfo(char *text) {
  for (char *scheme = strstr(text, "://"); scheme;
       scheme = strstr(scheme, "://")) {
    char *start = scheme + 3;
    size_t authority = strcspn(start, kAuthorityEnd);
    char *at = NULL;
    for (char *p = start; p < start + authority; ++p)
      if (*p == '@')
        at = p;
    scheme = at && at > start ? replaceSpan(start, (size_t)(at - start)) : start;
  }
}

/* Endpoints that take the key in the URL (?key=..., ?api_key=..., a
 * signed ?sig=...) put a credential in every line that shows the URL, so
 * every query value is redacted but api-version's, which says which API
 * is spoken and is no secret. */
static bool queryValueShown(const char *name, size_t length) {
  static const char shown[] = "api-version";
  return length == sizeof(shown) - 1 && !memcmp(name, shown, length);
}

static void redactQueryValues(char *text) {
  for (char *scheme = strstr(text, "://"); scheme;
       scheme = strstr(scheme, "://")) {
    char *p = scheme + 3;
    char *end = p + strcspn(p, kUrlEnd);
    char *query = memchr(p, '?', (size_t)(end - p));
    if (!query) {
      scheme = end;
      continue;
    }
    p = query + 1;
    while (p < end && *p != '#') {
      size_t pair = strcspn(p, "&#");
      if (p + pair > end)
        pair = (size_t)(end - p);
      char *equals = memchr(p, '=', pair);
      if (equals && !queryValueShown(p, (size_t)(equals - p))) {
        char *value = equals + 1;
        size_t valueLength = (size_t)(p + pair - value);
        char *after = replaceSpan(value, valueLength);
        /* The text may have shrunk: find the URL's end again. */
        end = after + strcspn(after, kUrlEnd);
        p = after;
      } else {
        p += pair;
      }
      if (p < end && *p == '&')
        ++p;
    }
    scheme = end;
  }
}

/* Each run of text equal to a prefix of the secret at least
 * SOLAR_LLM_MIN_KEY_LENGTH long: the key itself, or a server's truncated
 * echo of it ("Incorrect API key provided: sk-abcdefgh****"). */
static void redactSecretPrefixes(char *text, const char *secret) {
  size_t secretLength = strlen(secret);
  if (secretLength < SOLAR_LLM_MIN_KEY_LENGTH)
    return;
  char head[SOLAR_LLM_MIN_KEY_LENGTH + 1];
  memcpy(head, secret, SOLAR_LLM_MIN_KEY_LENGTH);
  head[SOLAR_LLM_MIN_KEY_LENGTH] = '\0';
  for (char *hit = strstr(text, head); hit; hit = strstr(hit, head)) {
    size_t length = SOLAR_LLM_MIN_KEY_LENGTH;
    while (length < secretLength && hit[length] == secret[length])
      ++length;
    hit = replaceSpan(hit, length);
  }
}

char *solarLlmRedact(char *text, size_t size, const char *secret) {
  (void)size;
  if (!text)
    return text;
  redactUserinfo(text);
  redactQueryValues(text);
  if (secret)
    redactSecretPrefixes(text, secret);
  return text;
}

static double nowSeconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleepSeconds(double seconds) {
  if (seconds <= 0)
    return;
  struct timespec ts = {(time_t)seconds,
                        (long)((seconds - floor(seconds)) * 1e9)};
  while (nanosleep(&ts, &ts) != 0) {
  }
}

typedef struct {
  SolarText text;
  size_t limit;
  bool overflow;
} ReplyBuffer;

static size_t collectReply(char *chunk, size_t size, size_t count,
                           void *userData) {
  ReplyBuffer *buffer = userData;
  size_t n = size * count;
  if (buffer->text.length + n > buffer->limit) {
    buffer->overflow = true;
    return 0; /* makes curl stop with CURLE_WRITE_ERROR */
  }
  solarTextAppend(&buffer->text, chunk, n);
  return n;
}

static void ensureCurlInitialized(void) {
  static bool initialized = false;
  if (!initialized) {
    curl_global_init(CURL_GLOBAL_DEFAULT);
    initialized = true;
  }
}

typedef enum { TryOk, TryRetry, TryFatal } TryOutcome;

typedef struct {
  long status;
  double retryAfterS; /* < 0: none sent */
  char why[512];      /* for progress lines and the final error */
} TryResult;

/* The server's own words about an error, shortened for one line. */
static void describeServerError(const ReplyBuffer *reply, char *buf,
                                size_t size) {
  buf[0] = '\0';
  if (!reply->text.text || reply->text.length == 0)
    return;
  char *message = solarLlmErrorText(reply->text.text, reply->text.length);
  const char *text = message ? message : reply->text.text;
  size_t n = strlen(text);
  int shown = n > 300 ? 300 : (int)n;
  snprintf(buf, size, ": %.*s%s", shown, text, n > 300 ? "..." : "");
  for (char *c = buf; *c; ++c)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  free(message);
}

static TryOutcome classifyStatus(long status, const ReplyBuffer *reply,
                                 TryResult *result) {
  char server[400];
  describeServerError(reply, server, sizeof(server));
  if (status >= 200 && status < 300)
    return TryOk;
  if (status == 401 || status == 403) {
    snprintf(result->why, sizeof(result->why),
             "HTTP %ld: the server refused the credentials (check --api-key "
             "or SOLAR_LLM_API_KEY)%s",
             status, server);
    return TryFatal;
  }
  snprintf(result->why, sizeof(result->why), "HTTP %ld%s", status, server);
  return status == 429 || status >= 500 ? TryRetry : TryFatal;
}

static TryOutcome tryOnce(CURL *curl, const SolarHttpOptions *options,
                          ReplyBuffer *reply, TryResult *result) {
  char curlError[CURL_ERROR_SIZE] = "";
  reply->text.length = 0;
  reply->overflow = false;
  if (reply->text.text)
    reply->text.text[0] = '\0';
  result->status = 0;
  result->retryAfterS = -1;
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curlError);
  CURLcode code = curl_easy_perform(curl);
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, NULL);
  if (code != CURLE_OK) {
    if (reply->overflow) {
      snprintf(result->why, sizeof(result->why),
               "the reply is larger than the limit of %zu bytes",
               options->maxReplyBytes);
      return TryFatal;
    }
    if (code == CURLE_OPERATION_TIMEDOUT)
      snprintf(result->why, sizeof(result->why),
               "timed out (connect timeout %g s, total timeout %g s): %s",
               options->connectTimeoutS, options->timeoutS, curlError);
    else
      snprintf(result->why, sizeof(result->why), "%s: %s",
               curl_easy_strerror(code), curlError[0] ? curlError : "-");
    /* Certificate problems and malformed URLs will not heal by waiting. */
    bool permanent = code == CURLE_PEER_FAILED_VERIFICATION ||
                     code == CURLE_SSL_CACERT_BADFILE ||
                     code == CURLE_URL_MALFORMAT ||
                     code == CURLE_UNSUPPORTED_PROTOCOL ||
                     code == CURLE_SSL_CONNECT_ERROR;
    return permanent ? TryFatal : TryRetry;
  }
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &result->status);
  curl_off_t retryAfter = -1;
  if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retryAfter) == CURLE_OK &&
      retryAfter > 0)
    result->retryAfterS = (double)retryAfter;
  return classifyStatus(result->status, reply, result);
}

bool solarHttpPostJson(const char *url, const char *const *headers,
                       const char *body, const SolarHttpOptions *options,
                       SolarHttpResponse *response, char *err,
                       size_t errSize) {
  memset(response, 0, sizeof(*response));
  /* libcurl would send a CR or LF inside a header value as a line break,
   * that is as a header of the caller's choosing. */
  for (size_t i = 0; headers && headers[i]; ++i)
    for (const char *c = headers[i]; *c; ++c)
      if ((unsigned char)*c < 0x20 || *c == 0x7f) {
        snprintf(err, errSize,
                 "POST refused: a request header holds control character "
                 "0x%02x",
                 (unsigned char)*c);
        return false;
      }
  ensureCurlInitialized();
  CURL *curl = curl_easy_init();
  if (!curl) {
    snprintf(err, errSize, "POST %s: cannot initialise libcurl", url);
    return false;
  }
  struct curl_slist *headerList =
      curl_slist_append(NULL, "Content-Type: application/json");
  for (size_t i = 0; headers && headers[i]; ++i)
    headerList = curl_slist_append(headerList, headers[i]);
  ReplyBuffer reply = {{NULL, 0, 0}, options->maxReplyBytes, false};
  curl_easy_setopt(curl, CURLOPT_URL, url);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_POST, 1L);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)strlen(body));
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headerList);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, collectReply);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &reply);
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   (long)(options->connectTimeoutS * 1000));
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, (long)(options->timeoutS * 1000));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  /* Never weakened: the request carries the API key. */
  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
  curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
  /* A redirect could hand the key's header to another host. */
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "solar/" SOLAR_VERSION);

  double start = nowSeconds();
  TryResult result;
  TryOutcome outcome = TryFatal;
  int tries = 0;
  for (;;) {
    tries++;
    outcome = tryOnce(curl, options, &reply, &result);
    if (outcome != TryRetry || tries > options->maxRetries)
      break;
    double wait = options->backoffS * pow(2.0, tries - 1);
    const char *source = "backoff";
    if (result.retryAfterS >= 0) {
      wait = result.retryAfterS < options->retryAfterCapS
                 ? result.retryAfterS
                 : options->retryAfterCapS;
      source = "Retry-After";
    }
    if (options->onRetry) {
      char why[600];
      snprintf(why, sizeof(why), "%s (%s)", result.why, source);
      options->onRetry(options->onRetryData, tries, result.status, why, wait);
    }
    sleepSeconds(wait);
  }
  response->status = result.status;
  response->body = reply.text.text;
  response->length = reply.text.length;
  response->seconds = nowSeconds() - start;
  response->tries = tries;
  curl_slist_free_all(headerList);
  curl_easy_cleanup(curl);
  if (outcome == TryOk)
    return true;
  char shown[2048];
  snprintf(shown, sizeof(shown), "%s", url);
  redactUserinfo(shown);
  redactQueryValues(shown);
  url = shown;
  if (outcome == TryRetry)
    snprintf(err, errSize, "POST %s: %s (gave up after %d tries)", url,
             result.why, tries);
  else
    snprintf(err, errSize, "POST %s: %s", url, result.why);
  return false;
}
