/* Grouped bar charts on a log axis as plain SVG (cli_plot_bars.h). */
#include "cli_output.h"
#include "cli_plot_bars.h"

#include "cli_plot.h"
#include "cli_quantity.h"

#include <errno.h>
#include <math.h>
#include <string.h>

enum {
  LEFT = 90,
  TOP = 60,
  PLOT_HEIGHT = 320,
  BAR_WIDTH = 9,
  GROUP_GAP = 10,
  MIN_PLOT_WIDTH = 420,
  LABEL_SPACE = 170, /* rotated item labels below the axis */
  LEGEND_WIDTH = 230,
};

static const char *const palette[] = {"#9ecae1", "#4292c6", "#08519c",
                                      "#ff7f0e", "#2ca02c", "#9467bd"};

static bool present(double v) { return isfinite(v) && v > 0; }

/* A value as the chart's unit says: "12x", or "1.5 ms". */
static const char *formatValue(const SolarBarChart *c, double v, int digits,
                               char *buf, size_t size) {
  if (c->unit)
    return solarQuantityFormatDigits(v, c->unit, digits, buf, size);
  snprintf(buf, size, "%.*gx", digits, v);
  return buf;
}

typedef struct {
  double y0, y1; /* log10 of the axis ends */
  double plotWidth;
} Frame;

static double py(const Frame *f, double v) {
  return TOP + PLOT_HEIGHT - (log10(v) - f->y0) / (f->y1 - f->y0) * PLOT_HEIGHT;
}

static Frame frame(const SolarBarChart *c) {
  double lo = INFINITY, hi = -INFINITY;
  if (present(c->reference))
    lo = hi = c->reference;
  for (size_t i = 0; i < c->itemCount; ++i)
    for (size_t s = 0; s < c->seriesCount; ++s) {
      double v = c->items[i].values[s];
      if (present(v)) {
        lo = fmin(lo, v);
        hi = fmax(hi, v);
      }
    }
  if (!isfinite(lo)) {
    lo = 1;
    hi = 10;
  }
  Frame f;
  f.y0 = floor(log10(lo / 1.2));
  f.y1 = ceil(log10(hi * 1.2));
  if (f.y1 <= f.y0)
    f.y1 = f.y0 + 1;
  double groupWidth = (double)(c->seriesCount * BAR_WIDTH + GROUP_GAP);
  f.plotWidth = fmax(MIN_PLOT_WIDTH, groupWidth * (double)c->itemCount);
  return f;
}

static void writeAxis(FILE *out, const SolarBarChart *c, const Frame *f) {
  for (int k = (int)f->y0; k <= (int)f->y1; ++k) {
    double y = py(f, pow(10, k));
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#dddddd\"/>\n",
            LEFT, y, LEFT + f->plotWidth, y);
    for (int m = 2; m <= 9 && k < (int)f->y1; ++m)
      fprintf(out,
              "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
              "stroke=\"black\"/>\n",
              LEFT - 3, py(f, m * pow(10, k)), LEFT, py(f, m * pow(10, k)));
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
            "stroke=\"black\"/>\n",
            LEFT - 6, y, LEFT, y);
    char tick[32];
    fprintf(out,
            "<text x=\"%d\" y=\"%.2f\" font-size=\"12\" "
            "text-anchor=\"end\">%s</text>\n",
            LEFT - 9, y + 4,
            formatValue(c, pow(10, k), 6, tick, sizeof(tick)));
  }
  fprintf(out,
          "<rect x=\"%d\" y=\"%d\" width=\"%.2f\" height=\"%d\" "
          "fill=\"none\" stroke=\"black\"/>\n",
          LEFT, TOP, f->plotWidth, PLOT_HEIGHT);
  fprintf(out,
          "<text x=\"22\" y=\"%.2f\" font-size=\"13\" text-anchor=\"middle\" "
          "transform=\"rotate(-90 22 %.2f)\">",
          TOP + PLOT_HEIGHT / 2.0, TOP + PLOT_HEIGHT / 2.0);
  solarPlotWriteEscaped(out, c->valueLabel);
  fprintf(out, " (log scale)</text>\n");
}

static void writeBars(FILE *out, const SolarBarChart *c, const Frame *f) {
  double bottom = TOP + PLOT_HEIGHT;
  double groupWidth = f->plotWidth / (double)(c->itemCount ? c->itemCount : 1);
  for (size_t i = 0; i < c->itemCount; ++i) {
    const SolarBarItem *item = &c->items[i];
    double x0 = LEFT + groupWidth * (double)i +
                (groupWidth - (double)(c->seriesCount * BAR_WIDTH)) / 2;
    bool any = false;
    for (size_t s = 0; s < c->seriesCount; ++s) {
      double v = item->values[s];
      if (!present(v))
        continue;
      any = true;
      double top = fmax(TOP, py(f, v));
      fprintf(out,
              "<rect x=\"%.2f\" y=\"%.2f\" width=\"%d\" height=\"%.2f\" "
              "fill=\"%s\" stroke=\"black\" stroke-width=\"0.5\"><title>",
              x0 + (double)(s * BAR_WIDTH), top, BAR_WIDTH, bottom - top,
              palette[s % (sizeof(palette) / sizeof(palette[0]))]);
      solarPlotWriteEscaped(out, item->label);
      fputc(' ', out);
      solarPlotWriteEscaped(out, c->seriesNames[s]);
      char value[32];
      fprintf(out, ": %s</title></rect>\n",
              formatValue(c, v, 4, value, sizeof(value)));
    }
    double cx = LEFT + groupWidth * ((double)i + 0.5);
    if (!any)
      fprintf(out,
              "<text x=\"%.2f\" y=\"%.2f\" font-size=\"10\" fill=\"#555555\" "
              "text-anchor=\"middle\">n/a</text>\n",
              cx, bottom - 6);
    fprintf(out,
            "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" text-anchor=\"end\" "
            "transform=\"rotate(-50 %.2f %.2f)\">",
            cx + 3, bottom + 14, cx + 3, bottom + 14);
    solarPlotWriteEscaped(out, item->label);
    fputs("</text>\n", out);
  }
  if (!c->itemCount)
    fprintf(out,
            "<text x=\"%.2f\" y=\"%.2f\" font-size=\"14\" fill=\"#555555\" "
            "text-anchor=\"middle\">nothing to show</text>\n",
            LEFT + f->plotWidth / 2, TOP + PLOT_HEIGHT / 2.0);
}

static void writeLegend(FILE *out, const SolarBarChart *c, const Frame *f) {
  double x = LEFT + f->plotWidth + 24, y = TOP + 12;
  for (size_t s = 0; s < c->seriesCount; ++s, y += 20) {
    fprintf(out,
            "<rect x=\"%.2f\" y=\"%.2f\" width=\"14\" height=\"12\" "
            "fill=\"%s\" stroke=\"black\" stroke-width=\"0.5\"/>\n",
            x, y - 9, palette[s % (sizeof(palette) / sizeof(palette[0]))]);
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"12\">", x + 22,
            y + 2);
    solarPlotWriteEscaped(out, c->seriesNames[s]);
    fputs("</text>\n", out);
  }
  if (present(c->reference)) {
    fprintf(out,
            "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#d62728\" stroke-width=\"1.5\" "
            "stroke-dasharray=\"6,3\"/>\n",
            x, y - 3, x + 14, y - 3);
    fprintf(out, "<text x=\"%.2f\" y=\"%.2f\" font-size=\"12\">", x + 22,
            y + 2);
    solarPlotWriteEscaped(out, c->referenceLabel);
    fputs("</text>\n", out);
    y += 20;
  }
  fprintf(out,
          "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" fill=\"#555555\">"
          "n/a: no value</text>\n",
          x, y + 2);
}

bool solarPlotBars(FILE *out, const SolarBarChart *c) {
  Frame f = frame(c);
  int width = (int)ceil(LEFT + f.plotWidth + LEGEND_WIDTH);
  int height = TOP + PLOT_HEIGHT + LABEL_SPACE;
  fprintf(out,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
          "height=\"%d\" viewBox=\"0 0 %d %d\" "
          "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
          "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
          width, height, width, height, width, height);
  /* Left-aligned: a long title on a narrow chart runs right, into the
   * legend's margin, instead of off both edges. */
  fprintf(out,
          "<text x=\"%d\" y=\"30\" font-size=\"16\" font-weight=\"bold\">",
          LEFT);
  solarPlotWriteEscaped(out, c->title);
  fputs("</text>\n", out);
  writeAxis(out, c, &f);
  writeBars(out, c, &f);
  if (present(c->reference)) {
    double y = py(&f, c->reference);
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#d62728\" stroke-width=\"1.5\" "
            "stroke-dasharray=\"6,3\"/>\n",
            LEFT, y, LEFT + f.plotWidth, y);
  }
  writeLegend(out, c, &f);
  fputs("</svg>\n", out);
  return !ferror(out);
}

bool solarPlotBarsToFile(const char *command, const char *path,
                         const SolarBarChart *chart) {
  SolarOutputFile file;
  if (!solarOutputOpen(path, &file)) {
    fprintf(stderr, "solar %s: error: cannot write '%s': %s\n", command, path,
            strerror(errno));
    return false;
  }
  bool ok = solarPlotBars(file.file, chart);
  if (ok)
    ok = solarOutputCommit(&file);
  else
    solarOutputAbandon(&file);
  if (!ok)
    fprintf(stderr, "solar %s: error: could not write the chart '%s'\n",
            command, path);
  return ok;
}
