/* Reads a hardware file with libyaml's document API into a flat list of
 * top-level `key: value` pairs, keeping the line of every key for
 * diagnostics. Meaning is given to the keys elsewhere (arch_keys.c). */
#include "arch_internal.h"
#include "solar/support/names.h"

#include "solar/support/input_file.h"

#include <yaml.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Limits on a hardware file (docs/hardware-format.md). The shipped files
 * are a few kilobytes, flat mappings of 10-30 keys. libyaml's scanner is
 * quadratic in the flow nesting depth (16k levels took 9 s), so the depth
 * is checked on the event stream, which stops at the first level too many,
 * before the document is built. */
enum { kArchMaxDepth = 64, kArchMaxNodes = 100000 };
static const uint64_t kArchMaxFileBytes = 1 << 20;

static const char *nodeKindName(yaml_node_type_t type) {
  static const char *const names[] = {[YAML_SCALAR_NODE] = "a scalar",
                                      [YAML_SEQUENCE_NODE] = "a sequence",
                                      [YAML_MAPPING_NODE] = "a mapping"};
  return SOLAR_NAME_OF(names, type, "nothing");
}

static void reportParserError(const yaml_parser_t *parser, const char *path,
                              SolarArchDiag *diag) {
  const char *problem = parser->problem ? parser->problem : "unknown problem";
  int line = (int)parser->problem_mark.line + 1;
  int column = (int)parser->problem_mark.column + 1;
  switch (parser->error) {
  case YAML_MEMORY_ERROR:
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0, "out of memory reading YAML");
    return;
  case YAML_READER_ERROR:
    /* Reader errors carry a byte offset, not a line. */
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "cannot read YAML: %s at byte %zu", problem,
                parser->problem_offset);
    return;
  default:
    break;
  }
  if (parser->context)
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, line,
                "YAML syntax error: %s %s (line %d) at column %d",
                parser->context, problem,
                (int)parser->context_mark.line + 1, column);
  else
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, line,
                "YAML syntax error: %s at column %d", problem, column);
}

static char *copyScalar(const yaml_node_t *node) {
  size_t length = node->data.scalar.length;
  char *copy = malloc(length + 1);
  if (!copy)
    abort();
  memcpy(copy, node->data.scalar.value, length);
  copy[length] = '\0';
  return copy;
}

/* An explicit tag as written ("!!str", "!foo"), which the document API
 * replaces by its resolved name and gives untagged scalars too; the node's
 * start mark points at the tag when there is one. */
static void explicitTag(const char *text, size_t length, const yaml_node_t *node,
                        char *tag, size_t tagSize) {
  tag[0] = '\0';
  size_t at = node->start_mark.index;
  if (at >= length || text[at] != '!')
    return;
  size_t n = 0;
  while (at + n < length && n + 1 < tagSize && text[at + n] != ' ' &&
         text[at + n] != '\t' && text[at + n] != '\n' && text[at + n] != '\r')
    n++;
  memcpy(tag, text + at, n);
  tag[n] = '\0';
}

/* Converts the root mapping; returns false after reporting a bad key. */
static bool collectPairs(yaml_document_t *document, yaml_node_t *root,
                         const char *text, size_t length, const char *path,
                         ArchYamlMapping *out, SolarArchDiag *diag) {
  bool ok = true;
  size_t capacity =
      (size_t)(root->data.mapping.pairs.top - root->data.mapping.pairs.start);
  out->entries = calloc(capacity ? capacity : 1, sizeof(ArchYamlEntry));
  if (!out->entries)
    abort();
  for (yaml_node_pair_t *pair = root->data.mapping.pairs.start;
       pair < root->data.mapping.pairs.top; ++pair) {
    yaml_node_t *key = yaml_document_get_node(document, pair->key);
    yaml_node_t *value = yaml_document_get_node(document, pair->value);
    int line = (int)key->start_mark.line + 1;
    if (key->type != YAML_SCALAR_NODE) {
      archDiagAdd(diag, SOLAR_ARCH_ERROR, path, line,
                  "keys must be plain names, found %s",
                  nodeKindName(key->type));
      ok = false;
      continue;
    }
    ArchYamlEntry *entry = &out->entries[out->count];
    entry->key = copyScalar(key);
    entry->line = line;
    if (value->type == YAML_SCALAR_NODE) {
      entry->valueKind = ARCH_NODE_SCALAR;
      entry->value = copyScalar(value);
      entry->valueLength = value->data.scalar.length;
      yaml_scalar_style_t style = value->data.scalar.style;
      entry->valueQuoted = style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                           style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
      explicitTag(text, length, value, entry->valueTag,
                  sizeof(entry->valueTag));
    } else {
      entry->valueKind = value->type == YAML_SEQUENCE_NODE
                             ? ARCH_NODE_SEQUENCE
                             : ARCH_NODE_MAPPING;
      entry->value = strdup("");
    }
    out->count++;
  }
  return ok;
}

/* Walks the event stream once, without building nodes, and stops at the
 * first node deeper than kArchMaxDepth or beyond kArchMaxNodes. Syntax
 * errors are left to the document pass, which reports them. */
static bool checkShape(const char *text, size_t length, const char *path,
                       SolarArchDiag *diag) {
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "cannot initialize the YAML parser");
    return false;
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, length);
  bool ok = true;
  int depth = 0;
  long nodes = 0;
  for (;;) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event))
      break;
    yaml_event_type_t type = event.type;
    int line = (int)event.start_mark.line + 1;
    yaml_event_delete(&event);
    if (type == YAML_STREAM_END_EVENT)
      break;
    if (type == YAML_SCALAR_EVENT || type == YAML_ALIAS_EVENT ||
        type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT)
      nodes++;
    if (type == YAML_SEQUENCE_START_EVENT || type == YAML_MAPPING_START_EVENT)
      depth++;
    else if (type == YAML_SEQUENCE_END_EVENT || type == YAML_MAPPING_END_EVENT)
      depth--;
    if (depth > kArchMaxDepth || nodes > kArchMaxNodes) {
      bool deep = depth > kArchMaxDepth;
      archDiagAdd(diag, SOLAR_ARCH_ERROR, path, line,
                  deep ? "YAML nesting deeper than the limit of %d levels "
                         "(a hardware file is a flat mapping)"
                       : "more than the limit of %d YAML nodes (a hardware "
                         "file is a flat mapping of a few dozen keys)",
                  deep ? kArchMaxDepth : kArchMaxNodes);
      ok = false;
      break;
    }
  }
  yaml_parser_delete(&parser);
  return ok;
}

static bool readDocument(yaml_parser_t *parser, const char *text,
                         size_t length, const char *path,
                         ArchYamlMapping *out, SolarArchDiag *diag) {
  yaml_document_t document;
  if (!yaml_parser_load(parser, &document)) {
    reportParserError(parser, path, diag);
    return false;
  }
  bool ok = false;
  yaml_node_t *root = yaml_document_get_root_node(&document);
  if (!root) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "file has no content; expected a mapping with freq_GHz, "
                "DRAM_byte_per_cycle and MAC_per_cycle_* keys");
  } else if (root->type != YAML_MAPPING_NODE) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path,
                (int)root->start_mark.line + 1,
                "the top level must be a mapping of 'key: value' lines, "
                "found %s",
                nodeKindName(root->type));
  } else {
    ok = collectPairs(&document, root, text, length, path, out, diag);
  }
  yaml_document_delete(&document);
  if (!ok)
    return false;

  /* A second document would be silently ignored by most readers; say so. */
  yaml_document_t next;
  if (!yaml_parser_load(parser, &next)) {
    reportParserError(parser, path, diag);
    return false;
  }
  yaml_node_t *nextRoot = yaml_document_get_root_node(&next);
  if (nextRoot) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path,
                (int)next.start_mark.line + 1,
                "a hardware file holds one YAML document; found a second");
    ok = false;
  }
  yaml_document_delete(&next);
  return ok;
}

bool archYamlRead(const char *path, ArchYamlMapping *out,
                  SolarArchDiag *diag) {
  memset(out, 0, sizeof(*out));
  char why[256];
  size_t length = 0;
  char *text = solarReadInputFile(path, kArchMaxFileBytes, &length, why,
                                  sizeof(why));
  if (!text) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0, "%s", why);
    return false;
  }
  if (!checkShape(text, length, path, diag)) {
    free(text);
    return false;
  }
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    free(text);
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "cannot initialize the YAML parser");
    return false;
  }
  yaml_parser_set_input_string(&parser, (const unsigned char *)text, length);
  bool ok = readDocument(&parser, text, length, path, out, diag);
  yaml_parser_delete(&parser);
  free(text);
  if (!ok)
    archYamlDestroy(out);
  return ok;
}

void archYamlDestroy(ArchYamlMapping *mapping) {
  for (size_t i = 0; i < mapping->count; ++i) {
    free(mapping->entries[i].key);
    free(mapping->entries[i].value);
  }
  free(mapping->entries);
  memset(mapping, 0, sizeof(*mapping));
}
