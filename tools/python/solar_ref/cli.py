"""Command line of tools/python/solar_reference.py."""
import argparse
import json
import os
import sys

from . import MANIFEST_VERSION
from .arrays import ArgumentWriter
from . import train as train_module
from .errors import PROGRAM_ERROR_EXIT, ProgramError_, ReferenceError_

PROG = "solar_reference"


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog=PROG, description="Run a PyTorch or JAX program as the reference "
        "for solar-opt --solar-verify: write its inputs, parameters and "
        "outputs as .npy files with a manifest.json, and time it.")
    parser.add_argument("program", help="the model file (.py)")
    parser.add_argument("--framework", required=True, choices=["torch", "jax"])
    parser.add_argument("-o", "--output", required=True, metavar="OUTDIR",
                        help="directory for manifest.json and the .npy files")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--runs", type=int, default=10,
                        help="timed runs after the warm-up (default 10; "
                        "0: not timed, the outputs only)")
    parser.add_argument("--warmup", type=int, default=3,
                        help="untimed runs first (default 3)")
    parser.add_argument("--override", action="append", default=[],
                        metavar="NAME=VALUE",
                        help="replace a module-level constant, e.g. N=64")
    parser.add_argument("--device", default="auto",
                        choices=["auto", "cpu", "cuda"],
                        help="auto: a GPU when the framework sees one")
    parser.add_argument("--function", help="name of the func.func in the IR "
                        "that translates this program (recorded in the "
                        "manifest for solar-verify)")
    parser.add_argument("--bake-scalars", action="store_true",
                        help="Python numbers from get_inputs() are not "
                        "arguments: recorded as baked_scalars (the importer "
                        "bakes them into the program as constants)")
    parser.add_argument("--no-data", action="store_true",
                        help="time only: write the manifest without the "
                        ".npy files (a full-size timing run)")
    parser.add_argument("--profile-trace", metavar="TRACE.json",
                        help="after timing, record a torch.profiler trace "
                        "(record_shapes) of --profile-steps steps after the "
                        "warm-up into this file; JAX: a jax.profiler trace "
                        "of the compiled program with its kernel map")
    parser.add_argument("--profile-steps", type=int, default=5,
                        help="profiled steps of --profile-trace (default 5)")
    parser.add_argument("--profile-compile", action="store_true",
                        help="torch: profile torch.compile(Model) (inductor) "
                        "instead of the eager model, with the map of its "
                        "kernels to framework ops in the trace")
    parser.add_argument("--kernel-ops", metavar="MAP.json",
                        help="JAX: compile the program as the importer "
                        "lowers it and write which framework ops each "
                        "compiled XLA op computes (for a jax.profiler "
                        "trace recorded elsewhere)")
    train_module.add_arguments(parser)
    parser.add_argument("--mask-zeros", metavar="ZEROS.json",
                        help="--train: also count the zero elements of the "
                        "step's ReLU masks (forward and backward) at these "
                        "inputs into this file (mask_zeros.py, "
                        "jax_mask_zeros.py)")
    args = parser.parse_args(argv)
    if args.mask_zeros and not args.train:
        parser.error("--mask-zeros counts a training step's masks: add "
                     "--train")
    if args.profile_steps < 1:
        parser.error("--profile-steps must be at least 1")
    if args.profile_compile and (args.framework != "torch" or
                                 not args.profile_trace or args.train):
        parser.error("--profile-compile profiles a torch program's forward "
                     "pass: --framework torch with --profile-trace")
    if args.kernel_ops and args.framework != "jax":
        parser.error("--kernel-ops maps XLA's compiled ops to framework "
                     "ops: --framework jax only")
    if args.runs < 0:
        parser.error("--runs must not be negative (0: not timed)")
    if args.warmup < 0:
        parser.error("--warmup must not be negative")
    return args


def run(args):
    # Must precede the first `import jax` (the program may import it).
    if args.framework == "jax" and args.device == "cpu":
        os.environ["JAX_PLATFORMS"] = "cpu"
    from . import program as program_module
    if args.framework == "torch":
        from . import torch_runner as runner
        runner.import_torch()
    else:
        from . import jax_runner as runner
        runner.import_jax()
    program = program_module.load(args.program, args.override)
    os.makedirs(args.output, exist_ok=True)
    writer = ArgumentWriter(args.output, save=not args.no_data)
    facts = runner.run(program, args, writer)
    manifest = {
        "version": MANIFEST_VERSION,
        "framework": facts["framework"],
        "versions": facts["versions"],
        "device": facts["device"],
        "program": program.path,
        "convention": facts["convention"],
        "seed": args.seed,
        "function": args.function,
        "parameter_order": facts["parameter_order"],
        "arguments": writer.entries,
        "timing": facts["timing"],
        "data": not args.no_data,
        "baked_scalars": facts.get("baked_scalars", []),
        "fp32_math": facts["fp32_math"],
        "flop_counter": facts.get("flop_counter"),
        **({"train": facts["train"]} if "train" in facts else {}),
        "sizes": {"original": program.sizes_original,
                  "used": program.sizes_used,
                  "overrides": program.overrides},
        "bytes": {role: writer.total_bytes(role)
                  for role in ("input", "parameter", "output")},
    }
    if facts.get("profile"):
        manifest["profile"] = facts["profile"]
    path = os.path.join(args.output, "manifest.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    timing = facts["timing"]
    timed = (f"median {timing['median_s']:.6g} s, min "
             f"{timing['min_s']:.6g} s over {timing['runs']} run(s)"
             if timing["runs"] else "not timed (--runs 0)")
    print(f"{PROG}: wrote {path}: {len(writer.entries)} argument(s); "
          f"{facts['framework']['name']} on {facts['device']['type']}: "
          f"{timed}")


def main(argv):
    args = parse_args(argv)
    try:
        run(args)
    except ProgramError_ as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return PROGRAM_ERROR_EXIT
    except ReferenceError_ as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    return 0
