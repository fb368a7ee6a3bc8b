"""Two bench summary.json files equal but for each program's wall_s (how
long it ran, which no two runs share)."""
import json
import sys


def load(path):
    with open(path) as f:
        summary = json.load(f)
    for program in summary["results"]:
        program.pop("wall_s", None)
    return summary


a, b = load(sys.argv[1]), load(sys.argv[2])
if a != b:
    sys.exit(f"{sys.argv[1]} and {sys.argv[2]} differ beyond wall_s")
print("same summary")
