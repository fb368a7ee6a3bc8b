"""Command line of tools/python/solar_import.py: reference run, then export."""
import argparse
import os
import sys

from .errors import ImportError_

PROG = "solar_import"


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog=PROG, description="Export a PyTorch or JAX program to linalg on "
        "tensors (text MLIR 22 parses) and run it as the reference.")
    parser.add_argument("program")
    parser.add_argument("--framework", required=True, choices=["torch", "jax"])
    parser.add_argument("-o", "--output", required=True, metavar="OUTDIR")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--override", action="append", default=[],
                        metavar="NAME=VALUE")
    parser.add_argument("--function", default="forward",
                        help="name of the exported func.func (default forward)")
    parser.add_argument("--no-export", action="store_true",
                        help="only run the reference (the linalg comes from "
                        "elsewhere)")
    return parser.parse_args(argv)


def run_reference(args):
    """The reference runner, in this process (torch/jax are imported once)."""
    from solar_ref import cli as ref_cli
    argv = [args.program, "--framework", args.framework,
            "-o", os.path.join(args.output, "ref"), "--device", "cpu",
            "--seed", str(args.seed), "--runs", str(args.runs),
            "--function", args.function]
    for text in args.override:
        argv += ["--override", text]
    status = ref_cli.main(argv)
    if status != 0:
        raise ImportError_("the reference runner failed (see above)")


def run(args):
    if args.framework == "jax":
        os.environ["JAX_PLATFORMS"] = "cpu"
    os.makedirs(args.output, exist_ok=True)
    run_reference(args)
    if args.no_export:
        return
    from solar_ref import program as program_module
    from solar_ref.errors import ReferenceError_
    try:
        program = program_module.load(args.program, args.override)
    except ReferenceError_ as exc:
        raise ImportError_(str(exc)) from None
    if args.framework == "torch":
        from . import torch_export as exporter
    else:
        from . import jax_export as exporter
    text = exporter.export(program, args)
    path = os.path.join(args.output, "import.mlir")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{PROG}: wrote {path} ({exporter.describe()})")


def main(argv):
    args = parse_args(argv)
    try:
        run(args)
    except ImportError_ as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    return 0
