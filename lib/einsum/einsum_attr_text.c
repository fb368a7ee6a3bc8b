#include "einsum_attr_text.h"
#include "einsum_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

char *egAttrI64(int64_t value) {
  char text[32];
  snprintf(text, sizeof(text), "%" PRId64 " : i64", value);
  return egStrdup(text);
}

char *egAttrBool(bool value) { return egStrdup(value ? "true" : "false"); }

/* MLIR's lexer reads \" \\ and two hex digits as the byte they name; every
 * byte outside printable ASCII is written that way, so any string
 * survives the round trip unchanged. */
static void appendQuoted(EgText *out, const char *text) {
  static const char hex[] = "0123456789ABCDEF";
  egTextAppendCString(out, "\"");
  const char *run = text;
  for (const char *p = text;; ++p) {
    unsigned char c = (unsigned char)*p;
    bool plain = c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    if (plain)
      continue;
    egTextAppend((MlirStringRef){run, (size_t)(p - run)}, out);
    if (!c)
      break;
    char escape[3] = {'\\', hex[c >> 4], hex[c & 15]};
    egTextAppend((MlirStringRef){escape, 3}, out);
    run = p + 1;
  }
  egTextAppendCString(out, "\"");
}

char *egAttrString(const char *text) {
  EgText out = {NULL, 0, 0};
  appendQuoted(&out, text ? text : "");
  return out.buf;
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
  egTextAppendCString(&dict->text, dict->count++ ? ", " : "{");
  if (bareIdentifier(key))
    egTextAppendCString(&dict->text, key);
  else
    appendQuoted(&dict->text, key);
  egTextAppendCString(&dict->text, " = ");
  egTextAppendCString(&dict->text, value);
  free(value);
}

char *egAttrDictFinish(EgAttrDict *dict) {
  egTextAppendCString(&dict->text, dict->count ? "}" : "{}");
  char *text = dict->text.buf;
  dict->text = (EgText){NULL, 0, 0};
  dict->count = 0;
  return text;
}

void egAttrPush(EgAttrList *list, char *value) {
  if (!value)
    return;
  egTextAppendCString(&list->text, list->count++ ? ", " : "[");
  egTextAppendCString(&list->text, value);
  free(value);
}

char *egAttrListFinish(EgAttrList *list) {
  egTextAppendCString(&list->text, list->count ? "]" : "[]");
  char *text = list->text.buf;
  list->text = (EgText){NULL, 0, 0};
  list->count = 0;
  return text;
}

char *egAttrSolarWrap(const char *mnemonic, char *dict) {
  EgText text = {NULL, 0, 0};
  egTextAppendCString(&text, "#solar.");
  egTextAppendCString(&text, mnemonic);
  egTextAppendCString(&text, "<");
  egTextAppendCString(&text, dict);
  egTextAppendCString(&text, ">");
  free(dict);
  return text.buf;
}
