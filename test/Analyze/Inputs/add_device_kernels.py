"""Turns a torch.profiler CPU trace into the trace a CUDA run of the same
program exports, for tests on a machine without a GPU: every cpu op named
NAME on the command line (NAME=MICROSECONDS) launches one device kernel
`kernel<NAME>` of that duration, linked to the op by its External id
(what torch.profiler writes for a kernel and the op that launched it).

    add_device_kernels.py CPU.json CUDA.json aten::mm=2 aten::add=0.5 ...
"""
import json
import sys

source, target = sys.argv[1:3]
durations = {}
for item in sys.argv[3:]:
    name, us = item.rsplit("=", 1)
    durations[name] = float(us)
trace = json.load(open(source))
kernels = []
for event in trace["traceEvents"]:
    if event.get("cat") != "cpu_op" or event.get("name") not in durations:
        continue
    kernels.append({"ph": "X", "cat": "kernel",
                    "name": f"kernel<{event['name']}>", "pid": 0,
                    "tid": "stream 7", "ts": event["ts"],
                    "dur": durations[event["name"]],
                    "args": {"External id": event["args"]["External id"],
                             "device": 0, "stream": 7}})
trace["traceEvents"] += kernels
json.dump(trace, open(target, "w"))
