#!/usr/bin/env python3
"""CPU seconds of the importer's phases on one program: runs
tools/python/solar_import.py's main() in this process with its phases
wrapped by timers (time.process_time, inclusive, summed over calls) and
prints one line per phase on stderr after the importer's own output:

    python3 bench/import_phases.py PROG.py --framework torch -o DIR \\
        --function forward --seed 0 --runs 0 --verify-size auto

(the arguments are solar_import.py's; `solar analyze` passes these). The
phases: importing torch and torch-mlir, the size choice (`choose`, made of
`cost` calls: one meta forward pass each), the reference run, each export
(`export`, made of torch.export, run_decompositions and torch-mlir's
import), and torch's FLOP count at full size. SOLAR_PYTHON_DIR selects the
Python side (default this tree's tools/python), so two trees can be
compared (docs/performance.md, "The Python side of level 3")."""
import functools
import os
import sys
import time

PYDIR = os.environ.get("SOLAR_PYTHON_DIR") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "tools", "python")
sys.path.insert(0, PYDIR)
TOTALS = {}


def timed(owner, name, label=None):
    function = getattr(owner, name)
    label = label or name

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            calls, seconds = TOTALS.get(label, (0, 0.0))
            TOTALS[label] = (calls + 1,
                             seconds + time.process_time() - start)
    setattr(owner, name, wrapper)


def main():
    start = time.process_time()
    # As the importer's own run() does, before torch is imported here.
    from solar_imp import cli
    cli.idle_threads_sleep(cli.parse_args(sys.argv[1:]))
    from solar_ref import torch_runner
    timed(torch_runner, "import_torch", "import torch")
    torch_runner.import_torch()
    from solar_imp import sizes, torch_export
    import torch.export
    import torch.export.exported_program as exported_program
    timed(torch_export, "_import_torch_mlir", "import torch-mlir")
    torch_export._import_torch_mlir()
    timed(sizes, "choose", "size choice")
    timed(torch_export, "cost", "  cost (meta forward passes)")
    timed(cli, "run_reference", "reference run")
    timed(torch_export, "export", "exports")
    timed(torch.export, "export", "  torch.export.export")
    timed(exported_program.ExportedProgram, "run_decompositions",
          "  run_decompositions")
    from torch_mlir import fx
    timed(fx, "export_and_import", "  torch-mlir import")
    timed(torch_export, "flop_counter", "FLOP count at full size")
    status = cli.main(sys.argv[1:])
    total = time.process_time() - start
    for label, (calls, seconds) in TOTALS.items():
        print(f"phase {label:32s} {calls:4d} call(s) {seconds:8.2f} CPU s",
              file=sys.stderr)
    print(f"phase {'total (this process)':32s}           {total:8.2f} CPU s",
          file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
