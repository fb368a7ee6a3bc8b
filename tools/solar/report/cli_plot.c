/* Roofline charts as plain SVG (cli_plot.h). */
#include "cli_output.h"
#include "cli_plot.h"

#include "cli_quantity.h"

#include "solar/sol/sol_time.h"

#include <errno.h>
#include <math.h>
#include <string.h>

enum {
  CHART_WIDTH = 880,
  CHART_HEIGHT = 470,
  PLOT_LEFT = 90,
  PLOT_TOP = 50,
  PLOT_WIDTH = 520,
  DIGITS = 3, /* significant digits of every label */
  PLOT_HEIGHT = 340,
  LEGEND_LEFT = 640,
};

static const char *const palette[] = {"#d62728", "#2ca02c", "#ff7f0e",
                                      "#9467bd", "#8c564b", "#e377c2",
                                      "#17becf", "#bcbd22"};

/* The decades shown and where the chart sits in the document. */
typedef struct {
  double x0, x1, y0, y1; /* log10 of the axis ends */
  double top;            /* chart offset in the document */
} Frame;

static double px(const Frame *f, double x) {
  return PLOT_LEFT + (log10(x) - f->x0) / (f->x1 - f->x0) * PLOT_WIDTH;
}

static double py(const Frame *f, double y) {
  return f->top + PLOT_TOP + PLOT_HEIGHT -
         (log10(y) - f->y0) / (f->y1 - f->y0) * PLOT_HEIGHT;
}

static void writeEscaped(FILE *out, const char *text) {
  for (const char *c = text ? text : ""; *c; ++c) {
    switch (*c) {
    case '&': fputs("&amp;", out); break;
    case '<': fputs("&lt;", out); break;
    case '>': fputs("&gt;", out); break;
    case '"': fputs("&quot;", out); break;
    default: fputc(*c, out);
    }
  }
}

void solarPlotWriteEscaped(FILE *out, const char *text) {
  writeEscaped(out, text);
}

static bool plottable(const SolarPlotPoint *p) {
  return isfinite(p->intensity) && p->intensity > 0 && isfinite(p->flopPerS) &&
         p->flopPerS > 0;
}

static double label(char *buf, size_t size, const char *what, double value,
                    const char *unit) {
  char q[48];
  snprintf(buf, size, "%s %s", what,
           solarQuantityFormatDigits(value, unit, DIGITS, q, sizeof(q)));
  return value;
}

double solarPlotAddRoof(SolarPlotChart *chart, const SolarArch *arch,
                        SolarUnit unit, SolarDtype dtype) {
  double rate = 0;
  solarUnitOfClass(arch, SOLAR_UNIT_CLASS_MAC, dtype,
                   unit == SOLAR_UNIT_TENSOR, &rate);
  double flops = 2 * rate;
  if (!(flops > 0))
    return 0;
  for (size_t i = 0; i < chart->roofCount; ++i)
    if (chart->roofs[i].perS == flops)
      return flops;
  if (chart->roofCount == SOLAR_PLOT_MAX_LINES)
    return flops;
  char what[32];
  snprintf(what, sizeof(what), "%s %s",
           unit == SOLAR_UNIT_TENSOR ? "tensor-core" : "CUDA-core",
           solarDtypeName(dtype));
  SolarPlotLine *line = &chart->roofs[chart->roofCount++];
  line->perS = label(line->label, sizeof(line->label), what, flops, "flop/s");
  return flops;
}

double solarPlotGroupRoof(double unitRoof, double flops,
                          double computeSeconds) {
  double own = computeSeconds > 0 ? flops / computeSeconds : 0;
  return own > unitRoof ? own : unitRoof;
}

static void addSlope(SolarPlotChart *chart, const char *what,
                     double bytesPerS) {
  if (!(isfinite(bytesPerS) && bytesPerS > 0) ||
      chart->slopeCount == SOLAR_PLOT_MAX_LINES)
    return;
  SolarPlotLine *line = &chart->slopes[chart->slopeCount++];
  line->perS = label(line->label, sizeof(line->label), what, bytesPerS, "B/s");
}

void solarPlotAddSlopes(SolarPlotChart *chart, const SolarArch *arch) {
  addSlope(chart, "DRAM", arch->dram_bytes_per_s.value);
  const SolarMemLevel *l2 = solarArchFindLevel(arch, SOLAR_MEM_L2);
  const SolarMemLevel *l1 = solarArchFindLevel(arch, SOLAR_MEM_L1);
  if (l2)
    addSlope(chart, "L2", l2->bytes_per_s.value);
  if (l1)
    addSlope(chart, "shared memory", l1->bytes_per_s.value);
}

static double topRoof(const SolarPlotChart *chart) {
  double top = 0;
  for (size_t i = 0; i < chart->roofCount; ++i)
    top = fmax(top, chart->roofs[i].perS);
  return top;
}

/* The decades that hold every chart's roofs, ridge and points: one frame
 * for all charts, so that panels compare at a glance. */
static Frame sharedFrame(const SolarPlotChart *charts, size_t chartCount) {
  double xmin = INFINITY, xmax = 0, ymin = INFINITY, ymax = 0;
  for (size_t c = 0; c < chartCount; ++c) {
    const SolarPlotChart *chart = &charts[c];
    double peak = topRoof(chart), dram = chart->slopes[0].perS;
    double ridge = peak / dram;
    xmin = fmin(xmin, ridge / 100);
    xmax = fmax(xmax, ridge * 100);
    if (chart->ridgeFlopPerByte > 0) {
      xmin = fmin(xmin, chart->ridgeFlopPerByte / 10);
      xmax = fmax(xmax, chart->ridgeFlopPerByte * 10);
    }
    ymax = fmax(ymax, peak * 2);
    ymin = fmin(ymin, peak / 1e4);
    for (size_t i = 0; i < chart->roofCount; ++i)
      ymin = fmin(ymin, chart->roofs[i].perS / 10);
    for (size_t s = 0; s < chart->seriesCount; ++s) {
      for (size_t i = 0; i < chart->series[s].count; ++i) {
        const SolarPlotPoint *p = &chart->series[s].points[i];
        if (!plottable(p))
          continue;
        xmin = fmin(xmin, p->intensity / 2);
        xmax = fmax(xmax, p->intensity * 2);
        ymin = fmin(ymin, p->flopPerS / 2);
      }
    }
  }
  Frame f = {floor(log10(xmin)), ceil(log10(xmax)), floor(log10(ymin)),
             ceil(log10(ymax)), 0};
  return f;
}

/* 10^k as a tick label: plain for small k, else 1e<k>; with an SI prefix
 * on the performance axis. */
static void decadeLabel(int k, bool si, char *buf, size_t size) {
  if (si) {
    solarQuantityFormatDigits(pow(10, k), "", DIGITS, buf, size);
  } else if (k >= -3 && k <= 3) {
    snprintf(buf, size, "%g", pow(10, k));
  } else {
    snprintf(buf, size, "1e%d", k);
  }
}

static void writeAxes(FILE *out, const Frame *f) {
  double bottom = f->top + PLOT_TOP + PLOT_HEIGHT;
  char label[64];
  for (int k = (int)f->x0; k <= (int)f->x1; ++k) {
    double x = px(f, pow(10, k));
    fprintf(out,
            "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#dddddd\"/>\n",
            x, f->top + PLOT_TOP, x, bottom);
    fprintf(out,
            "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"black\"/>\n",
            x, bottom, x, bottom + 6);
    for (int m = 2; m <= 9 && k < (int)f->x1; ++m) {
      double xm = px(f, m * pow(10, k));
      fprintf(out,
              "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
              "stroke=\"black\"/>\n",
              xm, bottom, xm, bottom + 3);
    }
    decadeLabel(k, false, label, sizeof(label));
    fprintf(out,
            "<text x=\"%.2f\" y=\"%.2f\" font-size=\"12\" "
            "text-anchor=\"middle\">%s</text>\n",
            x, bottom + 20, label);
  }
  for (int k = (int)f->y0; k <= (int)f->y1; ++k) {
    double y = py(f, pow(10, k));
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
            "stroke=\"#dddddd\"/>\n",
            PLOT_LEFT, y, PLOT_LEFT + PLOT_WIDTH, y);
    fprintf(out,
            "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
            "stroke=\"black\"/>\n",
            PLOT_LEFT - 6, y, PLOT_LEFT, y);
    for (int m = 2; m <= 9 && k < (int)f->y1; ++m) {
      double ym = py(f, m * pow(10, k));
      fprintf(out,
              "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" "
              "stroke=\"black\"/>\n",
              PLOT_LEFT - 3, ym, PLOT_LEFT, ym);
    }
    decadeLabel(k, true, label, sizeof(label));
    fprintf(out,
            "<text x=\"%d\" y=\"%.2f\" font-size=\"12\" "
            "text-anchor=\"end\">%s</text>\n",
            PLOT_LEFT - 9, y + 4, label);
  }
  fprintf(out,
          "<rect x=\"%d\" y=\"%.2f\" width=\"%d\" height=\"%d\" fill=\"none\" "
          "stroke=\"black\"/>\n",
          PLOT_LEFT, f->top + PLOT_TOP, PLOT_WIDTH, PLOT_HEIGHT);
  fprintf(out,
          "<text x=\"%d\" y=\"%.2f\" font-size=\"13\" text-anchor=\"middle\">"
          "arithmetic intensity (flop per DRAM byte)</text>\n",
          PLOT_LEFT + PLOT_WIDTH / 2, bottom + 42);
  fprintf(out,
          "<text x=\"22\" y=\"%.2f\" font-size=\"13\" text-anchor=\"middle\" "
          "transform=\"rotate(-90 22 %.2f)\">attainable performance "
          "(flop/s)</text>\n",
          f->top + PLOT_TOP + PLOT_HEIGHT / 2.0,
          f->top + PLOT_TOP + PLOT_HEIGHT / 2.0);
}

/* min(peak, BW * AI) across the whole axis, clipped to the plot area, with
 * its value beside its flat part. */
static void writeRoof(FILE *out, const Frame *f, int index, double peak,
                      double bandwidth, const char *style, const char *text) {
  double xlo = pow(10, f->x0), xhi = pow(10, f->x1), ridge = peak / bandwidth;
  fprintf(out,
          "<polyline clip-path=\"url(#plot%d)\" fill=\"none\" %s "
          "data-flop-per-s=\"%.17g\" data-bytes-per-s=\"%.17g\" "
          "points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\"/>\n",
          index, style, peak, bandwidth, px(f, xlo), py(f, bandwidth * xlo),
          px(f, ridge), py(f, peak), px(f, xhi), py(f, peak));
  if (text) {
    fprintf(out,
            "<text x=\"%d\" y=\"%.2f\" font-size=\"10\" fill=\"#1f3b73\" "
            "text-anchor=\"end\">",
            PLOT_LEFT + PLOT_WIDTH - 4, py(f, peak) - 4);
    writeEscaped(out, text);
    fputs("</text>\n", out);
  }
}

static void writePoints(FILE *out, const Frame *f, const SolarPlotChart *chart,
                        int index) {
  char perf[64];
  for (size_t s = 0; s < chart->seriesCount; ++s) {
    const SolarPlotSeries *series = &chart->series[s];
    const char *colour = palette[s % (sizeof(palette) / sizeof(palette[0]))];
    for (size_t i = 0; i < series->count; ++i) {
      const SolarPlotPoint *p = &series->points[i];
      if (!plottable(p))
        continue;
      double x = px(f, p->intensity), y = py(f, p->flopPerS);
      fprintf(out,
              "<circle class=\"point\" clip-path=\"url(#plot%d)\" "
              "cx=\"%.2f\" cy=\"%.2f\" r=\"5\" fill=\"%s\" stroke=\"black\" "
              "stroke-width=\"0.8\" data-series=\"",
              index, x, y, colour);
      writeEscaped(out, series->name);
      fprintf(out,
              "\" data-intensity=\"%.17g\" data-flop-per-s=\"%.17g\" "
              "data-roof-flop-per-s=\"%.17g\" "
              "data-dram-bytes-per-s=\"%.17g\"><title>",
              p->intensity, p->flopPerS, p->roofFlopPerS,
              chart->slopes[0].perS);
      writeEscaped(out, series->name);
      fputc(' ', out);
      writeEscaped(out, p->label);
      fprintf(out, ": %.6g flop/B, %s</title></circle>\n", p->intensity,
              solarQuantityFormatDigits(p->flopPerS, "flop/s", DIGITS, perf,
                                        sizeof(perf)));
      fprintf(out,
              "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" fill=\"%s\">",
              x + 7, y - 6, colour);
      writeEscaped(out, p->label);
      fputs("</text>\n", out);
    }
  }
}

static double legendLine(FILE *out, double y, const char *style,
                         const char *text) {
  fprintf(out,
          "<line x1=\"%d\" y1=\"%.2f\" x2=\"%d\" y2=\"%.2f\" %s/>\n",
          LEGEND_LEFT, y, LEGEND_LEFT + 26, y, style);
  fprintf(out, "<text x=\"%d\" y=\"%.2f\" font-size=\"12\">", LEGEND_LEFT + 34,
          y + 4);
  writeEscaped(out, text);
  fputs("</text>\n", out);
  return y + 18;
}

static const char *const roofStyle = "stroke=\"#1f3b73\" stroke-width=\"2.5\"";
static const char *const lowerRoofStyle =
    "stroke=\"#1f3b73\" stroke-width=\"1.5\" stroke-dasharray=\"6,4\"";
static const char *const slopeStyle =
    "stroke=\"#7f7f7f\" stroke-width=\"1.2\" stroke-dasharray=\"2,3\"";
static const char *const ridgeStyle =
    "stroke=\"#1f3b73\" stroke-width=\"1\" stroke-dasharray=\"3,3\"";

static void writeLegend(FILE *out, const Frame *f,
                        const SolarPlotChart *chart) {
  double y = f->top + PLOT_TOP + 12, top = topRoof(chart);
  char text[96], value[48];
  for (size_t i = 0; i < chart->roofCount; ++i)
    y = legendLine(out, y,
                   chart->roofs[i].perS == top ? roofStyle : lowerRoofStyle,
                   chart->roofs[i].label);
  for (size_t i = 0; i < chart->slopeCount; ++i)
    y = legendLine(out, y, i == 0 ? roofStyle : slopeStyle,
                   chart->slopes[i].label);
  if (chart->ridgeFlopPerByte > 0) {
    snprintf(text, sizeof(text), "ridge %s",
             solarQuantityFormatDigits(chart->ridgeFlopPerByte, "flop/B",
                                       DIGITS, value, sizeof(value)));
    y = legendLine(out, y, ridgeStyle, text);
  }
  size_t hidden = 0;
  for (size_t s = 0; s < chart->seriesCount; ++s) {
    const SolarPlotSeries *series = &chart->series[s];
    size_t shown = 0;
    for (size_t i = 0; i < series->count; ++i)
      plottable(&series->points[i]) ? shown++ : hidden++;
    fprintf(out,
            "<circle cx=\"%d\" cy=\"%.2f\" r=\"5\" fill=\"%s\" "
            "stroke=\"black\" stroke-width=\"0.8\"/>\n",
            LEGEND_LEFT + 13, y,
            palette[s % (sizeof(palette) / sizeof(palette[0]))]);
    fprintf(out, "<text x=\"%d\" y=\"%.2f\" font-size=\"12\">",
            LEGEND_LEFT + 34, y + 4);
    writeEscaped(out, series->name);
    fprintf(out, " (%zu point%s)</text>\n", shown, shown == 1 ? "" : "s");
    y += 18;
  }
  if (hidden)
    fprintf(out,
            "<text x=\"%d\" y=\"%.2f\" font-size=\"11\" fill=\"#555555\">"
            "%zu without flops not shown</text>\n",
            LEGEND_LEFT, y + 4, hidden);
}

/* The report's ridge on the DRAM slope: where a DRAM-bound point stops
 * being DRAM-bound under the roof the report names. */
static void writeRidge(FILE *out, const Frame *f, const SolarPlotChart *chart,
                       int index) {
  double ridge = chart->ridgeFlopPerByte;
  if (!(ridge > 0))
    return;
  char value[48];
  double rx = px(f, ridge), ry = py(f, ridge * chart->slopes[0].perS);
  fprintf(out,
          "<line class=\"ridge\" clip-path=\"url(#plot%d)\" x1=\"%.2f\" "
          "y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
          "data-ridge-flop-per-byte=\"%.17g\" %s/>\n",
          index, rx, ry, rx, f->top + PLOT_TOP + PLOT_HEIGHT, ridge,
          ridgeStyle);
  fprintf(out,
          "<circle clip-path=\"url(#plot%d)\" cx=\"%.2f\" cy=\"%.2f\" "
          "r=\"3.5\" fill=\"#1f3b73\"/>\n",
          index, rx, ry);
  fprintf(out,
          "<text x=\"%.2f\" y=\"%.2f\" font-size=\"11\" fill=\"#1f3b73\">"
          "ridge %s</text>\n",
          rx + 5, f->top + PLOT_TOP + PLOT_HEIGHT - 8,
          solarQuantityFormatDigits(ridge, "flop/B", DIGITS, value,
                                    sizeof(value)));
}

static void writeChart(FILE *out, const SolarPlotChart *chart, Frame f,
                       int index) {
  f.top = (double)index * CHART_HEIGHT;
  fprintf(out,
          "<clipPath id=\"plot%d\"><rect x=\"%d\" y=\"%.2f\" width=\"%d\" "
          "height=\"%d\"/></clipPath>\n",
          index, PLOT_LEFT, f.top + PLOT_TOP, PLOT_WIDTH, PLOT_HEIGHT);
  fprintf(out,
          "<text x=\"20\" y=\"%.2f\" font-size=\"15\" font-weight=\"bold\">"
          "Roofline: ",
          f.top + 30);
  writeEscaped(out, chart->title);
  fputs("</text>\n", out);
  writeAxes(out, &f);
  double top = topRoof(chart), dram = chart->slopes[0].perS;
  /* On-chip slopes up to the highest roof: a point at its DRAM intensity
   * under the DRAM slope is under these too. */
  for (size_t i = 1; i < chart->slopeCount; ++i)
    writeRoof(out, &f, index, top, chart->slopes[i].perS, slopeStyle, NULL);
  for (size_t i = 0; i < chart->roofCount; ++i)
    writeRoof(out, &f, index, chart->roofs[i].perS, dram,
              chart->roofs[i].perS == top ? roofStyle : lowerRoofStyle,
              chart->roofs[i].label);
  writeRidge(out, &f, chart, index);
  writePoints(out, &f, chart, index);
  writeLegend(out, &f, chart);
}

bool solarPlotRoofline(FILE *out, const SolarPlotChart *charts,
                       size_t chartCount) {
  for (size_t i = 0; i < chartCount; ++i) {
    double peak = topRoof(&charts[i]);
    double bw = charts[i].slopeCount ? charts[i].slopes[0].perS : 0;
    if (!(isfinite(peak) && peak > 0 && isfinite(bw) && bw > 0))
      return false;
  }
  Frame frame = sharedFrame(charts, chartCount);
  int height = (int)(chartCount ? chartCount : 1) * CHART_HEIGHT;
  fprintf(out,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
          "height=\"%d\" viewBox=\"0 0 %d %d\" "
          "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
          "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"white\"/>\n",
          CHART_WIDTH, height, CHART_WIDTH, height, CHART_WIDTH, height);
  for (size_t i = 0; i < chartCount; ++i)
    writeChart(out, &charts[i], frame, (int)i);
  fputs("</svg>\n", out);
  return !ferror(out);
}

bool solarPlotRooflineToFile(const char *command, const char *path,
                             const SolarPlotChart *charts,
                             size_t chartCount) {
  SolarOutputFile file;
  if (!solarOutputOpen(path, &file)) {
    fprintf(stderr, "solar %s: error: cannot write '%s': %s\n", command, path,
            strerror(errno));
    return false;
  }
  bool ok = solarPlotRoofline(file.file, charts, chartCount);
  if (ok)
    ok = solarOutputCommit(&file);
  else
    solarOutputAbandon(&file);
  if (!ok)
    fprintf(stderr,
            "solar %s: error: could not write the roofline chart '%s' (a "
            "chart without a finite compute roof or DRAM bandwidth?)\n",
            command, path);
  return ok;
}
