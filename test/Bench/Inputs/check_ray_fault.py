"""check_ray_fault.py STDOUT TREE OUT: the program ray_cluster.py saw on
the worker node it killed (its line in STDOUT) has a report in OUT whose
"node" is not the killed node's, unless the program had finished on that
node before the kill landed (a task that completed is not lost, so Ray has
nothing to rerun; programs here take about 0.1 s, so the kill can come
just after one finished)."""
import json
import os
import re
import sys

text = open(sys.argv[1]).read()
match = re.search(r"killed the worker node ([0-9a-f]+) while it ran (\S+)", text)
if not match:
    sys.exit("no node was killed")
killed, program = match.groups()
rel = os.path.relpath(program, os.path.realpath(sys.argv[2]))
with open(os.path.join(sys.argv[3], rel + ".json")) as f:
    node = json.load(f)["node"]
if f"node {killed}" in node:
    print(f"{rel}: finished on the killed node {killed} before the kill "
          "(nothing to rerun)")
    sys.exit(0)
print(f"{rel}: rerun on {node}")
