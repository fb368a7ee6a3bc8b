"""Two bench summaries equal but for what each run measured of itself: a
program's wall_s, and its cpu_s and peak RSS (known for a local child, not
for a Ray task). summary.json by default (a path in the run's own OUTDIR,
an import file's, is compared below it); --csv compares summary.csv files
without the cpu_s and peak_rss_mb columns. Every figure must be the same."""
import csv
import json
import os
import sys

USAGE = ("wall_s", "cpu_s", "peak_rss_bytes", "peak_rss_mb")


def load_json(path):
    with open(path) as f:
        summary = json.load(f)
    out_dir = os.path.dirname(os.path.realpath(path)) + "/"
    for program in summary["results"]:
        for key in USAGE:
            program.pop(key, None)
        for key, value in program.items():
            if isinstance(value, str) and value.startswith(out_dir):
                program[key] = "OUTDIR/" + value[len(out_dir):]
    return summary


def load_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    keep = [i for i, name in enumerate(rows[0]) if name not in USAGE]
    return [[row[i] for i in keep if i < len(row)] for row in rows]


args = sys.argv[1:]
load = load_json
if args and args[0] == "--csv":
    load, args = load_csv, args[1:]
a, b = load(args[0]), load(args[1])
if a != b:
    sys.exit(f"{args[0]} and {args[1]} differ beyond {', '.join(USAGE)}")
print("same summary")
