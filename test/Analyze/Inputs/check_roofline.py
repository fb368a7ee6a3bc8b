"""Checks a `solar analyze --plot` roofline against its JSON report:

  check_roofline.py REPORT.json CHART.svg

- every SOL point (data-flop-per-s) is on or under its compute roof
  (data-roof-flop-per-s) and under the DRAM slope at its intensity, in
  value and in pixels (its centre is not above the drawn roof line);
- the ridge drawn (data-ridge-flop-per-byte) is the report's
  ridge_flop_per_byte, and sits at the knee of the roof it belongs to.
Prints one line per point and "ok"; exits 1 on the first failure."""
import json
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
report = json.load(open(sys.argv[1]))
root = ET.parse(sys.argv[2]).getroot()


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def knee(line):
    return [tuple(map(float, p.split(","))) for p in line.get("points").split()]


roofs = [p for p in root.iter(SVG + "polyline") if p.get("data-flop-per-s")]
points = [c for c in root.iter(SVG + "circle") if c.get("class") == "point"]
if not points:
    fail("no point drawn")
for c in points:
    if not c.get("data-series").endswith("SOL"):
        continue
    x = float(c.get("data-intensity"))
    y = float(c.get("data-flop-per-s"))
    roof = float(c.get("data-roof-flop-per-s"))
    dram = float(c.get("data-dram-bytes-per-s"))
    if y > roof * (1 + 1e-9):
        fail("%g flop/s above its roof %g" % (y, roof))
    if y > dram * x * (1 + 1e-9):
        fail("%g flop/s above the DRAM slope %g" % (y, dram * x))
    # The drawn roof of its unit: the DRAM-slope roof nearest its value.
    drawn = min((r for r in roofs
                 if float(r.get("data-bytes-per-s")) == dram),
                key=lambda r: abs(float(r.get("data-flop-per-s")) / roof - 1))
    flat = knee(drawn)[1][1]
    if float(c.get("cy")) < flat - 0.5:
        fail("point drawn at y=%s above its roof line at y=%g" %
             (c.get("cy"), flat))
    print("point %g flop/B %.4g flop/s <= roof %.4g" % (x, y, roof))
ridges = [l for l in root.iter(SVG + "line") if l.get("class") == "ridge"]
want = report["functions"][0]["ridge_flop_per_byte"]
if len(ridges) != 1:
    fail("%d ridge lines" % len(ridges))
got = float(ridges[0].get("data-ridge-flop-per-byte"))
if abs(got / want - 1) > 1e-12:
    fail("ridge %g, the report says %g" % (got, want))
dram = float(points[0].get("data-dram-bytes-per-s"))
at = [r for r in roofs if float(r.get("data-bytes-per-s")) == dram and
      abs(float(r.get("data-flop-per-s")) / (want * dram) - 1) < 1e-9]
if not at or abs(knee(at[0])[1][0] - float(ridges[0].get("x1"))) > 0.01:
    fail("the ridge is not at the knee of a drawn roof")
print("ridge %.6g flop/B ok" % got)
