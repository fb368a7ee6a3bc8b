/* Request and reply JSON of the two LLM API families solar speaks:
 *   - OpenAI-compatible chat completions (OpenAI, vLLM, llama.cpp, Ollama,
 *     NVIDIA NIM): POST .../v1/chat/completions, `Authorization: Bearer`,
 *     the system prompt is the first message, the reply is
 *     choices[0].message.content;
 *   - Anthropic Messages: POST .../v1/messages, `x-api-key` and
 *     `anthropic-version`, the system prompt is a top-level field, the reply
 *     is the text blocks of content[]. */
#include "llm.h"
#include "solar/support/grow.h"

#include <curl/curl.h>
#include <jansson.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *copyString(const char *text) {
  char *copy = strdup(text);
  if (!copy)
    abort();
  return copy;
}

void solarLlmConversationInit(SolarLlmConversation *conversation) {
  memset(conversation, 0, sizeof(*conversation));
}

void solarLlmConversationAdd(SolarLlmConversation *conversation,
                             const char *role, const char *content) {
  conversation->messages =
      solarGrow(conversation->messages, &conversation->capacity,
                conversation->count, sizeof(SolarLlmMessage));
  SolarLlmMessage *message = &conversation->messages[conversation->count++];
  message->role = copyString(role);
  message->content = copyString(content);
}

void solarLlmConversationDestroy(SolarLlmConversation *conversation) {
  for (size_t i = 0; i < conversation->count; ++i) {
    free(conversation->messages[i].role);
    free(conversation->messages[i].content);
  }
  free(conversation->messages);
  memset(conversation, 0, sizeof(*conversation));
}

const char *solarLlmProviderName(SolarLlmProvider provider) {
  return provider == SolarLlmProviderAnthropic ? "anthropic" : "openai";
}

bool solarLlmProviderParse(const char *name, SolarLlmProvider *provider) {
  if (!strcmp(name, "openai"))
    *provider = SolarLlmProviderOpenAI;
  else if (!strcmp(name, "anthropic"))
    *provider = SolarLlmProviderAnthropic;
  else
    return false;
  return true;
}

static bool endsWith(const char *text, size_t length, const char *suffix) {
  size_t n = strlen(suffix);
  return length >= n && memcmp(text + length - n, suffix, n) == 0;
}

static size_t trimmedLength(const char *url) {
  size_t length = strlen(url);
  while (length > 0 && url[length - 1] == '/')
    length--;
  return length;
}

SolarLlmProvider solarLlmProviderGuess(const char *url) {
  if (strstr(url, "anthropic.com") ||
      endsWith(url, trimmedLength(url), "/messages"))
    return SolarLlmProviderAnthropic;
  return SolarLlmProviderOpenAI;
}

/* The provider's path joined onto `path` (the base URL's, '/'s at its end
 * ignored). Caller frees. */
static char *joinedPath(SolarLlmProvider provider, const char *path) {
  const char *suffix = provider == SolarLlmProviderAnthropic
                           ? "/messages"
                           : "/chat/completions";
  size_t length = trimmedLength(path);
  const char *prefix = "";
  if (endsWith(path, length, suffix))
    suffix = "";
  else if (!endsWith(path, length, "/v1"))
    prefix = "/v1";
  size_t size = length + strlen(prefix) + strlen(suffix) + 1;
  char *joined = malloc(size);
  if (!joined)
    abort();
  snprintf(joined, size, "%.*s%s%s", (int)length, path, prefix, suffix);
  return joined;
}

char *solarLlmEndpoint(SolarLlmProvider provider, const char *baseUrl,
                       char *err, size_t errSize) {
  CURLU *url = curl_url();
  if (!url)
    abort();
  char *scheme = NULL, *path = NULL, *full = NULL, *endpoint = NULL;
  CURLUcode code = curl_url_set(url, CURLUPART_URL, baseUrl, 0);
  if (code == CURLUE_OK)
    code = curl_url_get(url, CURLUPART_SCHEME, &scheme, 0);
  if (code != CURLUE_OK) {
    snprintf(err, errSize, "%s", curl_url_strerror(code));
  } else if (strcmp(scheme, "http") != 0 && strcmp(scheme, "https") != 0) {
    snprintf(err, errSize, "scheme '%s' (only http and https are sent)",
             scheme);
  } else if ((code = curl_url_get(url, CURLUPART_PATH, &path, 0)) ==
             CURLUE_OK) {
    char *joined = joinedPath(provider, path);
    code = curl_url_set(url, CURLUPART_PATH, joined, 0);
    free(joined);
    /* Never sent to the server; a '#' would only confuse the printed URL. */
    if (code == CURLUE_OK)
      code = curl_url_set(url, CURLUPART_FRAGMENT, NULL, 0);
    if (code == CURLUE_OK)
      code = curl_url_get(url, CURLUPART_URL, &full, 0);
    if (code == CURLUE_OK)
      endpoint = strdup(full);
    else
      snprintf(err, errSize, "%s", curl_url_strerror(code));
  } else {
    snprintf(err, errSize, "%s", curl_url_strerror(code));
  }
  curl_free(scheme);
  curl_free(path);
  curl_free(full);
  curl_url_cleanup(url);
  return endpoint;
}

static json_t *messageJson(const char *role, const char *content) {
  return json_pack("{s:s, s:s}", "role", role, "content", content);
}

char *solarLlmRequestBody(SolarLlmProvider provider,
                          const SolarLlmRequestParams *params,
                          const SolarLlmConversation *conversation) {
  json_t *messages = json_array();
  if (provider == SolarLlmProviderOpenAI)
    json_array_append_new(messages, messageJson("system", params->system));
  for (size_t i = 0; i < conversation->count; ++i)
    json_array_append_new(messages,
                          messageJson(conversation->messages[i].role,
                                      conversation->messages[i].content));
  json_t *request = json_pack("{s:s, s:i, s:f, s:o}", "model", params->model,
                              "max_tokens", params->maxTokens, "temperature",
                              params->temperature, "messages", messages);
  if (provider == SolarLlmProviderAnthropic)
    json_object_set_new(request, "system", json_string(params->system));
  char *text = json_dumps(request, JSON_COMPACT | JSON_ENSURE_ASCII);
  json_decref(request);
  if (!text)
    abort();
  return text;
}

static char *headerLine(const char *name, const char *value) {
  size_t size = strlen(name) + strlen(value) + 3;
  char *line = malloc(size);
  if (!line)
    abort();
  snprintf(line, size, "%s: %s", name, value);
  return line;
}

char **solarLlmRequestHeaders(SolarLlmProvider provider, const char *apiKey) {
  char **headers = calloc(4, sizeof(char *));
  if (!headers)
    abort();
  size_t n = 0;
  bool haveKey = apiKey && *apiKey;
  if (provider == SolarLlmProviderAnthropic) {
    headers[n++] = headerLine("anthropic-version", "2023-06-01");
    if (haveKey)
      headers[n++] = headerLine("x-api-key", apiKey);
  } else if (haveKey) {
    size_t size = strlen(apiKey) + 8;
    char *bearer = malloc(size);
    if (!bearer)
      abort();
    snprintf(bearer, size, "Bearer %s", apiKey);
    headers[n++] = headerLine("Authorization", bearer);
    /* The copy held the key too: wipe it before giving it back. */
    memset(bearer, 0, size);
    free(bearer);
  }
  return headers;
}

void solarLlmHeadersDestroy(char **headers) {
  for (size_t i = 0; headers && headers[i]; ++i) {
    memset(headers[i], 0, strlen(headers[i]));
    free(headers[i]);
  }
  free(headers);
}

static bool failParse(char *err, size_t errSize, const char *what) {
  snprintf(err, errSize, "the reply is not a %s", what);
  return false;
}

static bool openAiText(json_t *root, char **text, bool *truncated, char *err,
                       size_t errSize) {
  json_t *choices = json_object_get(root, "choices");
  json_t *first = json_array_get(choices, 0);
  json_t *message = json_object_get(first, "message");
  json_t *content = json_object_get(message, "content");
  if (!json_is_string(content))
    return failParse(err, errSize,
                     "chat completion (no string choices[0].message.content)");
  const char *finish = json_string_value(json_object_get(first, "finish_reason"));
  *truncated = finish && !strcmp(finish, "length");
  *text = copyString(json_string_value(content));
  return true;
}

static bool anthropicText(json_t *root, char **text, bool *truncated,
                          char *err, size_t errSize) {
  json_t *content = json_object_get(root, "content");
  if (!json_is_array(content))
    return failParse(err, errSize, "Messages API reply (no content array)");
  size_t total = 0, index;
  json_t *block;
  json_array_foreach(content, index, block) {
    const char *blockText = json_string_value(json_object_get(block, "text"));
    if (blockText)
      total += strlen(blockText);
  }
  char *joined = malloc(total + 1);
  if (!joined)
    abort();
  joined[0] = '\0';
  size_t used = 0;
  json_array_foreach(content, index, block) {
    const char *type = json_string_value(json_object_get(block, "type"));
    const char *blockText = json_string_value(json_object_get(block, "text"));
    if (!blockText || (type && strcmp(type, "text") != 0))
      continue;
    size_t n = strlen(blockText);
    memcpy(joined + used, blockText, n);
    used += n;
    joined[used] = '\0';
  }
  const char *stop = json_string_value(json_object_get(root, "stop_reason"));
  *truncated = stop && !strcmp(stop, "max_tokens");
  *text = joined;
  return true;
}

bool solarLlmReplyText(SolarLlmProvider provider, const char *body,
                       size_t length, char **text, bool *truncated, char *err,
                       size_t errSize) {
  *text = NULL;
  *truncated = false;
  json_error_t error;
  json_t *root = json_loadb(body ? body : "", body ? length : 0, 0, &error);
  if (!root) {
    snprintf(err, errSize, "the reply is not JSON (line %d, column %d: %s)",
             error.line, error.column, error.text);
    return false;
  }
  bool ok = provider == SolarLlmProviderAnthropic
                ? anthropicText(root, text, truncated, err, errSize)
                : openAiText(root, text, truncated, err, errSize);
  json_decref(root);
  return ok;
}

char *solarLlmErrorText(const char *body, size_t length) {
  json_t *root = json_loadb(body, length, 0, NULL);
  if (!root)
    return NULL;
  json_t *error = json_object_get(root, "error");
  const char *message = json_string_value(json_object_get(error, "message"));
  if (!message)
    message = json_string_value(error); /* some servers: "error": "text" */
  char *copy = message ? copyString(message) : NULL;
  json_decref(root);
  return copy;
}
