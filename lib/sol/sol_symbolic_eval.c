/* Evaluating symbolic SOL figures at given sizes (sol_symbolic.h). The
 * arithmetic mirrors sol_bound.c: an exact count converted to double, then
 * divided by its rate; maxima exact; sums from left to right. */
#include "solar/count/count.h"
#include "solar/sol/sol_symbolic.h"
#include "solar/support/text.h"

#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/point.h>
#include <isl/polynomial.h>
#include <isl/space.h>
#include <isl/val.h>

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool solarSymBindingParse(const char *text, SolarSymBinding *out, char *err,
                          size_t errSize) {
  memset(out, 0, sizeof(*out));
  size_t capacity = strlen(text) / 2 + 1;
  out->names = calloc(capacity, sizeof(char *));
  out->values = calloc(capacity, sizeof(long));
  const char *p = text;
  while (*p) {
    while (*p == ',' || isspace((unsigned char)*p))
      p++;
    if (!*p)
      break;
    const char *name = p;
    while (*p && *p != '=' && *p != ',' && !isspace((unsigned char)*p))
      p++;
    size_t length = (size_t)(p - name);
    char *end = NULL;
    errno = 0;
    long value = *p == '=' ? strtol(p + 1, &end, 10) : 0;
    if (length == 0 || *p != '=' || end == p + 1 || errno ||
        (*end && *end != ',' && !isspace((unsigned char)*end))) {
      snprintf(err, errSize,
               "sizes '%s' are not NAME=INTEGER pairs (e.g. 'batch=8 "
               "hidden=16')",
               text);
      solarSymBindingDestroy(out);
      return false;
    }
    /* Sizes count elements: a negative one has no meaning (isl would
     * count zero points and report a 0 s bound), and beyond 2^53 the
     * figures are no longer exact doubles. */
    if (value < 0 || value > (1L << 53)) {
      snprintf(err, errSize,
               "size %.*s=%ld is out of range: sizes are whole numbers in "
               "[0, 2^53]",
               (int)length, name, value);
      solarSymBindingDestroy(out);
      return false;
    }
    out->names[out->count] = strndup(name, length);
    out->values[out->count++] = value;
    p = end;
  }
  return true;
}

void solarSymBindingDestroy(SolarSymBinding *binding) {
  for (size_t i = 0; i < binding->count; ++i)
    free(binding->names[i]);
  free(binding->names);
  free(binding->values);
  memset(binding, 0, sizeof(*binding));
}

typedef struct {
  const char *p;
  isl_ctx *ctx;
  const char *prefix; /* "[batch, out] -> " for counts without their own */
  const SolarSymBinding *binding;
  char *err;
  size_t errSize;
  bool failed;
} Parser;

static void fail(Parser *ps, const char *what) {
  if (!ps->failed)
    snprintf(ps->err, ps->errSize, "symbolic figure: %s at '%.40s'", what,
             ps->p);
  ps->failed = true;
}

static bool take(Parser *ps, const char *token) {
  size_t n = strlen(token);
  if (strncmp(ps->p, token, n) != 0)
    return false;
  ps->p += n;
  return true;
}

/* The count's value at the binding, as a double. */
static double evaluateCount(Parser *ps, const char *text) {
  /* Reading simplifies over every floor (count.h). */
  if (!solarCountExpressionTextWithinLimit(text)) {
    fail(ps, "a count with too many distinct floor terms");
    return 0;
  }
  isl_pw_qpolynomial *pw = isl_pw_qpolynomial_read_from_str(ps->ctx, text);
  if (!pw) {
    fail(ps, "not an isl count");
    return 0;
  }
  isl_space *space = isl_pw_qpolynomial_get_domain_space(pw);
  isl_point *point = isl_point_zero(isl_space_copy(space));
  isl_size params = isl_space_dim(space, isl_dim_param);
  for (isl_size i = 0; i < params && !ps->failed; ++i) {
    const char *name = isl_space_get_dim_name(space, isl_dim_param, i);
    size_t k = 0;
    while (k < ps->binding->count && strcmp(ps->binding->names[k], name))
      ++k;
    if (k == ps->binding->count) {
      snprintf(ps->err, ps->errSize,
               "no size given for parameter '%s' (give NAME=VALUE for every "
               "parameter of the figure)",
               name);
      ps->failed = true;
      break;
    }
    point = isl_point_set_coordinate_val(
        point, isl_dim_param, i,
        isl_val_int_from_si(ps->ctx, ps->binding->values[k]));
  }
  isl_space_free(space);
  double value = 0;
  if (ps->failed) {
    isl_point_free(point);
    isl_pw_qpolynomial_free(pw);
  } else {
    isl_val *v = isl_pw_qpolynomial_eval(pw, point);
    if (!v || isl_val_is_nan(v) == isl_bool_true)
      fail(ps, "the count has no value there");
    else
      value = isl_val_get_d(v);
    isl_val_free(v);
  }
  return value;
}

static double parseSum(Parser *ps);

/* count [ " / " RATE ] */
static double parseQuotient(Parser *ps) {
  const char *start = ps->p;
  if (*ps->p == '[') {
    const char *arrow = strstr(ps->p, "] -> {");
    if (!arrow) {
      fail(ps, "expected '[params] -> {'");
      return 0;
    }
    ps->p = arrow + 5;
  }
  if (*ps->p != '{') {
    fail(ps, "expected a count '{ ... }'");
    return 0;
  }
  const char *close = strchr(ps->p, '}');
  if (!close) {
    fail(ps, "unbalanced '{'");
    return 0;
  }
  SolarText text = {0};
  if (*start != '[')
    solarTextAppendCString(&text, ps->prefix);
  solarTextAppend(&text, start, (size_t)(close + 1 - start));
  ps->p = close + 1;
  double value = evaluateCount(ps, text.text);
  solarTextClear(&text);
  if (take(ps, " / ")) {
    char *end = NULL;
    double rate = strtod(ps->p, &end);
    if (end == ps->p || !(rate > 0)) {
      fail(ps, "expected a positive rate");
      return 0;
    }
    ps->p = end;
    value = value / rate;
  }
  return value;
}

/* "max(" sum { ", " sum } ")" | quotient | "0" */
static double parseTerm(Parser *ps) {
  if (take(ps, "max(")) {
    double best = parseSum(ps);
    while (!ps->failed && take(ps, ", ")) {
      double next = parseSum(ps);
      if (next > best)
        best = next;
    }
    if (!ps->failed && !take(ps, ")"))
      fail(ps, "expected ')'");
    return best;
  }
  if (*ps->p == '0' && (ps->p[1] == '\0' || ps->p[1] == ' ' ||
                        ps->p[1] == ',' || ps->p[1] == ')')) {
    ps->p++;
    return 0;
  }
  return parseQuotient(ps);
}

static double parseSum(Parser *ps) {
  double sum = parseTerm(ps);
  while (!ps->failed && take(ps, " + "))
    sum += parseTerm(ps);
  return sum;
}

bool solarSymEvaluate(const char *expr, const char *const *params,
                      size_t paramCount, const SolarSymBinding *binding,
                      double *value, char *err, size_t errSize) {
  SolarText prefix = {0};
  solarTextAppendCString(&prefix, "[");
  for (size_t i = 0; i < paramCount; ++i)
    solarTextAppendF(&prefix, "%s%s", i ? ", " : "", params[i]);
  solarTextAppendCString(&prefix, "] -> ");
  isl_ctx *ctx = isl_ctx_alloc();
  isl_options_set_on_error(ctx, ISL_ON_ERROR_CONTINUE);
  Parser ps = {expr, ctx, prefix.text, binding, err, errSize, false};
  *value = parseSum(&ps);
  if (!ps.failed && *ps.p)
    fail(&ps, "unexpected text");
  isl_ctx_free(ctx);
  solarTextClear(&prefix);
  return !ps.failed;
}
