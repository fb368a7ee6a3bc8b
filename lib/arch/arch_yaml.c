/* Reads a hardware file with libyaml's document API into a flat list of
 * top-level `key: value` pairs, keeping the line of every key for
 * diagnostics. Meaning is given to the keys elsewhere (arch_keys.c). */
#include "arch_internal.h"

#include <yaml.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char *nodeKindName(yaml_node_type_t type) {
  switch (type) {
  case YAML_SCALAR_NODE:
    return "a scalar";
  case YAML_SEQUENCE_NODE:
    return "a sequence";
  case YAML_MAPPING_NODE:
    return "a mapping";
  default:
    return "nothing";
  }
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

/* Converts the root mapping; returns false after reporting a bad key. */
static bool collectPairs(yaml_document_t *document, yaml_node_t *root,
                         const char *path, ArchYamlMapping *out,
                         SolarArchDiag *diag) {
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
      yaml_scalar_style_t style = value->data.scalar.style;
      entry->valueQuoted = style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                           style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
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

static bool readDocument(yaml_parser_t *parser, const char *path,
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
    ok = collectPairs(&document, root, path, out, diag);
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
  struct stat info;
  if (stat(path, &info) != 0) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0, "cannot open: %s",
                strerror(errno));
    return false;
  }
  if (!S_ISREG(info.st_mode)) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0, "not a regular file");
    return false;
  }
  FILE *file = fopen(path, "rb");
  if (!file) {
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0, "cannot open: %s",
                strerror(errno));
    return false;
  }
  yaml_parser_t parser;
  if (!yaml_parser_initialize(&parser)) {
    fclose(file);
    archDiagAdd(diag, SOLAR_ARCH_ERROR, path, 0,
                "cannot initialize the YAML parser");
    return false;
  }
  yaml_parser_set_input_file(&parser, file);
  bool ok = readDocument(&parser, path, out, diag);
  yaml_parser_delete(&parser);
  fclose(file);
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
