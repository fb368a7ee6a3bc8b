/* `solar bench` progress lines on stderr (cli_bench_progress.h). */
#include "cli_bench_progress.h"

#include "cli_quantity.h"

#include <string.h>
#include <unistd.h>

void solarBenchProgressInit(SolarBenchProgress *p, FILE *out, size_t total) {
  memset(p, 0, sizeof(*p));
  p->out = out;
  p->tty = isatty(fileno(out));
  p->total = total;
  char digits[32];
  p->width = snprintf(digits, sizeof(digits), "%zu", total);
}

static void clearLine(SolarBenchProgress *p) {
  if (p->lineOpen)
    fputs("\r\033[K", p->out);
  p->lineOpen = false;
}

void solarBenchProgressRunning(SolarBenchProgress *p, size_t index,
                               const char *relPath, double elapsed,
                               size_t others) {
  if (!p->tty)
    return;
  clearLine(p);
  fprintf(p->out, "[%*zu/%zu] %s ... (%.0f s)", p->width, index + 1, p->total,
          relPath, elapsed);
  if (others)
    fprintf(p->out, " +%zu running", others);
  fflush(p->out);
  p->lineOpen = true;
}

void solarBenchDescribe(const SolarBenchResult *r, bool framework, char *buf,
                        size_t size) {
  char sol[64];
  size_t used = 0;
  if (r->status != SOLAR_BENCH_OK) {
    used = (size_t)snprintf(buf, size, "%s", solarBenchStatusName(r->status));
    /* The line stays readable: the full message is in summary.json and the
     * log. */
    if (r->message[0] && used < size)
      snprintf(buf + used, size - used, ": %.160s%s", r->message,
               strlen(r->message) > 160 ? "..." : "");
    return;
  }
  if (r->measured)
    used = (size_t)snprintf(buf, size, "verified, headroom cache %.3gx%s",
                            r->headroom[2],
                            r->elsewhere ? " (measured elsewhere)" : "");
  else if (r->verified)
    used = (size_t)snprintf(
        buf, size, "verified, not timed, cache-aware SOL %s",
        solarQuantityFormat(r->sol[2], "s", sol, sizeof(sol)));
  else
    used = (size_t)snprintf(
        buf, size, "%s, cache-aware SOL %s",
        framework ? "not verified" : "SOL only",
        solarQuantityFormat(r->sol[2], "s", sol, sizeof(sol)));
  if (r->violations && used < size) {
    used += (size_t)snprintf(buf + used, size - used, ", VIOLATION at");
    for (int f = 0; f < SOLAR_FIDELITY_COUNT && used < size; ++f)
      if (r->violations & (1u << f))
        used += (size_t)snprintf(buf + used, size - used, " %s",
                                 solarFidelityName(f));
  }
}

void solarBenchProgressDone(SolarBenchProgress *p, size_t index,
                            const char *relPath, bool framework,
                            const SolarBenchResult *result) {
  char what[512];
  solarBenchDescribe(result, framework, what, sizeof(what));
  clearLine(p);
  fprintf(p->out, "[%*zu/%zu] %s ... ", p->width, index + 1, p->total,
          relPath);
  /* Last on the line: whether the machine was busy must not change the
   * shape of the line before it. */
  const char *unreliable =
      result->measured && result->timingUnreliable
          ? " [timing unreliable: a busy machine or a wide spread]"
          : "";
  /* A resumed program's line stays as the first run printed it; the
   * summary counts its timing all the same. */
  if (result->resumed)
    fprintf(p->out, "resumed: %s\n", what);
  else
    fprintf(p->out, "%s (%.1f s)%s\n", what, result->wallSeconds,
            unreliable);
  fflush(p->out);
}

void solarBenchProgressFinish(SolarBenchProgress *p) {
  clearLine(p);
  fflush(p->out);
}
