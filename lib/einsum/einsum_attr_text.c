#include "einsum_attr_text.h"
#include "einsum_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *egAttrI64(int64_t value) {
  char text[32];
  snprintf(text, sizeof(text), "%" PRId64 " : i64", value);
  return egStrdup(text);
}

char *egAttrBool(bool value) { return egStrdup(value ? "true" : "false"); }

/* MLIR's lexer reads \" \\ and two hex digits as the byte they name; every
 * byte outside printable ASCII is written that way, so any string
 * survives the round trip unchanged. */
static void appendQuoted(SolarText *out, const char *text) {
  static const char hex[] = "0123456789ABCDEF";
  solarTextAppendCString(out, "\"");
  const char *run = text;
  for (const char *p = text;; ++p) {
    unsigned char c = (unsigned char)*p;
    bool plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    if (plain)
      continue;
    solarTextAppendChunk((MlirStringRef){run, (size_t)(p - run)}, out);
    if (!c)
      break;
    char escape[3] = {'\\', hex[c >> 4], hex[c & 15]};
    solarTextAppendChunk((MlirStringRef){escape, 3}, out);
    run = p + 1;
  }
  solarTextAppendCString(out, "\"");
}

char *egAttrString(const char *text) {
  SolarText out = {0};
  appendQuoted(&out, text ? text : "");
  return out.text;
}

char *egAttrIslString(char *text) {
  char *quoted = egAttrString(text);
  free(text);
  return quoted;
}

/* A key prints bare when MLIR's lexer reads it as one bare identifier. */
static bool bareIdentifier(const char *key) {
  if (!((*key >= 'a' && *key <= 'z') || (*key >= 'A' && *key <= 'Z') ||
        *key == '_'))
    return false;
  for (const char *p = key + 1; *p; ++p)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
          (*p >= '0' && *p <= '9') || *p == '_' || *p == '$' || *p == '.'))
      return false;
  return true;
}

void egAttrPut(EgAttrDict *dict, const char *key, char *value) {
  if (!value)
    return;
  solarTextAppendCString(&dict->text, dict->count++ ? ", " : "{");
  if (bareIdentifier(key))
    solarTextAppendCString(&dict->text, key);
  else
    appendQuoted(&dict->text, key);
  solarTextAppendCString(&dict->text, " = ");
  solarTextAppendCString(&dict->text, value);
  free(value);
}

char *egAttrDictFinish(EgAttrDict *dict) {
  solarTextAppendCString(&dict->text, dict->count ? "}" : "{}");
  char *text = dict->text.text;
  dict->text = (SolarText){0};
  dict->count = 0;
  return text;
}

void egAttrPush(EgAttrList *list, char *value) {
  if (!value)
    return;
  solarTextAppendCString(&list->text, list->count++ ? ", " : "[");
  solarTextAppendCString(&list->text, value);
  free(value);
}

char *egAttrListFinish(EgAttrList *list) {
  solarTextAppendCString(&list->text, list->count ? "]" : "[]");
  char *text = list->text.text;
  list->text = (SolarText){0};
  list->count = 0;
  return text;
}

char *egAttrSolarWrap(const char *mnemonic, char *dict) {
  SolarText text = {0};
  solarTextAppendCString(&text, "#solar.");
  solarTextAppendCString(&text, mnemonic);
  solarTextAppendCString(&text, "<");
  solarTextAppendCString(&text, dict);
  solarTextAppendCString(&text, ">");
  free(dict);
  return text.text;
}

char *egAttrStripWrappers(const char *text) {
  static const char prefix[] = "#solar.";
  size_t length = strlen(text);
  char *out = malloc(length + 1);
  if (!out)
    abort();
  size_t used = 0;
  /* Open '<' outside strings; a wrapper's is the only kind written, but a
   * depth counter keeps any other pair balanced and in place. */
  size_t depth = 0, capacity = 16;
  bool *isWrapper = malloc(capacity * sizeof(bool));
  if (!isWrapper)
    abort();
  for (size_t i = 0; i < length;) {
    char c = text[i];
    if (c == '"') {
      /* A quoted string, escapes included, copied as it is. */
      size_t end = i + 1;
      while (end < length && text[end] != '"')
        end += text[end] == '\\' && end + 1 < length ? 2 : 1;
      end = end < length ? end + 1 : length;
      memcpy(out + used, text + i, end - i);
      used += end - i;
      i = end;
      continue;
    }
    bool wrapper = c == '#' && strncmp(text + i, prefix, sizeof(prefix) - 1) == 0;
    if (wrapper || c == '<') {
      size_t open = i;
      if (wrapper)
        while (open < length && text[open] != '<')
          ++open;
      if (open == length) { /* no '<': not a wrapper after all */
        out[used++] = text[i++];
        continue;
      }
      if (depth == capacity) {
        capacity *= 2;
        isWrapper = realloc(isWrapper, capacity * sizeof(bool));
        if (!isWrapper)
          abort();
      }
      isWrapper[depth++] = wrapper;
      if (!wrapper)
        out[used++] = '<';
      i = open + 1;
      continue;
    }
    if (c == '>' && depth > 0) {
      if (!isWrapper[--depth])
        out[used++] = '>';
      ++i;
      continue;
    }
    out[used++] = text[i++];
  }
  out[used] = '\0';
  free(isWrapper);
  return out;
}
