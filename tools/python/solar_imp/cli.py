"""Command line of tools/python/solar_import.py: choose the verification
sizes, run the reference once at them, export the program there and (when
they differ from the program's own) again at full size on meta tensors."""
import argparse
import json
import os
import sys

from solar_ref.errors import PROGRAM_ERROR_EXIT, ProgramError_, ReferenceError_

from . import memo as memo_module
from . import sizes as sizes_module
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
    parser.add_argument("--override-if-assigned", action="append",
                        default=[], metavar="NAME=VALUE",
                        help="as --override, ignored when the program has "
                        "no assignment of NAME (solar bench --override)")
    parser.add_argument("--verify-size", default="auto",
                        metavar="auto|full|N",
                        help="sizes the reference runs and is verified at: "
                        "auto (shrunk to about a second), full, or N (every "
                        "size constant scaled to at most N)")
    parser.add_argument("--refused", action="append", default=[],
                        metavar="JSON",
                        help="verification sizes (a JSON list of NAME=VALUE "
                        "texts, as sizes.json's overrides) that the "
                        "structure check after export refused: --verify-size "
                        "auto then takes only candidates costing more "
                        "(solar's retry, docs/importers.md)")
    parser.add_argument("--function", default="forward",
                        help="name of the exported func.func (default forward)")
    parser.add_argument("--no-export", action="store_true",
                        help="only run the reference (the linalg comes from "
                        "elsewhere)")
    from solar_ref import train as train_module
    train_module.add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        args.verify_size = sizes_module.parse_verify_size(args.verify_size)
        args.refused = [parse_refused(t) for t in args.refused]
    except ValueError as exc:
        parser.error(str(exc))
    return args


def say(text):
    print(f"{PROG}: {text}", flush=True)


def run_reference(args, overrides):
    """The reference runner, in this process (torch/jax are imported once):
    the one reference run that import and analysis share."""
    from solar_ref import cli as ref_cli
    argv = [args.program, "--framework", args.framework,
            "-o", os.path.join(args.output, "ref"), "--device", "cpu",
            "--seed", str(args.seed), "--runs", str(args.runs),
            "--warmup", "0", "--function", args.function]
    if args.framework == "torch":
        argv.append("--bake-scalars")
    if args.train:
        argv += ["--train", "--loss", args.loss, "--optimizer", args.optimizer]
    for text in overrides:
        argv += ["--override", text]
    status = ref_cli.main(argv)
    if status == PROGRAM_ERROR_EXIT:
        raise ProgramError_("the program failed in the reference run "
                            "(see above)")
    if status != 0:
        raise ImportError_("the reference runner failed (see above)")


def _texts(overrides):
    return [f"{k}={v!r}" if not isinstance(v, str) else f"{k}={v}"
            for k, v in overrides.items()]


def _exporter(framework):
    if framework == "torch":
        from . import torch_export as exporter
    else:
        from . import jax_export as exporter
    return exporter


def _load(args, override_texts):
    from solar_ref import program as program_module
    try:
        return program_module.load(args.program, override_texts)
    except ProgramError_:
        raise
    except ReferenceError_ as exc:
        raise ImportError_(str(exc)) from None


def verification_overrides(args, exporter, memo):
    """(override texts for the verification run, mode said in sizes.json);
    the cost of each candidate measured once per import (memo.py)."""
    from solar_ref import program as program_module
    if args.override_if_assigned:
        names = program_module.assigned_names(args.program)
        for text in args.override_if_assigned:
            name = text.split("=", 1)[0].strip()
            if name in names:
                args.override.append(text)
            else:
                say(f"--override {text}: the program assigns no '{name}'; "
                    "ignored here")
    if args.override or args.verify_size == "full":
        return list(args.override), ("full" if args.verify_size == "full"
                                     else "override")
    constants = program_module.integer_constants(args.program)
    # The program as written must load: its own errors are reported as
    # such, not as a size that does not build.
    _load(args, [])

    calls = []

    def cost_of(overrides, expect=None):
        calls.append(overrides)
        key = memo_module.key_of(
            "cost", sorted(overrides.items()),
            expect.signature if expect is not None else None,
            expect.state if expect is not None else None)
        return memo.call(key, lambda: exporter.cost(
            _load(args, _texts(overrides)), args, expect, memo=memo),
            ReferenceError_, ImportError_)
    if args.verify_size == "auto":
        hits = memo.hits
        chosen = sizes_module.choose(constants, cost_of, say,
                                     args.refused)
        if memo.hits > hits:
            say(f"{memo.hits - hits} of {len(calls)} candidate costs "
                "measured before (memo): not measured again")
    else:
        chosen = sizes_module.capped_constants(constants, args.verify_size)
        try:
            if chosen:
                cost_of(chosen)  # the program must build there
        except (ImportError_, ReferenceError_) as exc:
            say(f"verifying at full size: the program does not build at "
                f"{', '.join(_texts(chosen))} ({exc})")
            chosen = {}
        if chosen:
            say(f"verification sizes (--verify-size {args.verify_size}): " +
                ", ".join(_texts(chosen)))
    return _texts(chosen), "auto" if args.verify_size == "auto" else \
        f"cap {args.verify_size}"


def parse_refused(text):
    """One --refused: {name: value}; ValueError when it is not a JSON list
    of NAME=VALUE texts."""
    from solar_ref import program as program_module
    try:
        items = json.loads(text)
        if isinstance(items, list) and \
                all(isinstance(t, str) for t in items):
            return dict(program_module.parse_override(t) for t in items)
    except (ValueError, ReferenceError_):
        pass
    raise ValueError(f"--refused '{text}' must be a JSON list of NAME=VALUE "
                     "texts")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def _record_flop_counter(args, counts):
    """The reference's manifest carries torch's FLOP count at the analyzed
    sizes: the full ones, when the reference ran at shrunk ones."""
    path = os.path.join(args.output, "ref", "manifest.json")
    with open(path, encoding="utf-8") as f:
        manifest = json.load(f)
    manifest["flop_counter"] = counts
    with open(path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")


def idle_threads_sleep(args):
    """With nothing timed in this process (`--runs 0`, what `solar
    analyze`'s import passes), torch's OpenMP threads sleep when idle
    instead of spinning (OMP_WAIT_POLICY=PASSIVE, read when torch loads
    OpenMP, so before torch is imported; a value the user set stays):
    between the parallel regions of every op a spinning thread burns its
    core, CPU time nothing uses on a loaded machine (Swin V2's reference
    forward pass: 3.5-3.8 CPU s spinning, 0.7 sleeping). The threads, and
    so how each op splits its work and every value computed, are the
    same. In a worker of the import server torch is loaded already: the
    server set the policy when it loaded torch (server.serve's
    idle_threads_sleep, which `solar bench` asks for when it times nothing
    on this CPU)."""
    if args.runs == 0 and "torch" not in sys.modules:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")


def run(args):
    idle_threads_sleep(args)
    if args.framework == "jax":
        os.environ["JAX_PLATFORMS"] = "cpu"
    os.makedirs(args.output, exist_ok=True)
    exporter = _exporter(args.framework)
    if args.framework == "torch":
        from solar_ref import torch_runner
        torch_runner.import_torch()
    if not args.no_export:
        # A missing importer fails before the program runs at all.
        if args.framework == "torch":
            exporter._import_torch_mlir()
        else:
            exporter._iree_compile()
    memo = memo_module.Memo.for_import(args, exporter.describe())
    small, mode = verification_overrides(args, exporter, memo)
    two_sizes = bool(small) and args.verify_size != "full"
    run_reference(args, small)
    if args.no_export:
        memo.save()
        return
    program = _load(args, small)
    text = exporter.export(program, args, memo=memo)
    path = os.path.join(args.output, "import.mlir")
    write(path, text)
    say(f"wrote {path} ({exporter.describe()})")
    full_sizes = program.sizes_used
    if two_sizes:
        full = _load(args, [] if mode != "full" else small)
        # The same at every attempt of this import (a structure retry
        # changes only the verification sizes): exported once.
        sizes_key = sorted(full.sizes_used.items())
        text = memo.get(memo_module.key_of("full export", sizes_key))
        if text is None:
            text = memo.put(memo_module.key_of("full export", sizes_key),
                            exporter.export(full, args, meta=True,
                                            suffix=".full", memo=memo))
        else:
            say("the full-size export: the attempt before's (memo)")
        full_path = os.path.join(args.output, "import.full.mlir")
        write(full_path, text)
        full_sizes = full.sizes_used
        say(f"wrote {full_path} (full size, exported without data)")
        if hasattr(exporter, "flop_counter"):
            key = memo_module.key_of("flop counter", sizes_key)
            counts = memo.get(key)
            if counts is None:
                counts = memo.put(key, exporter.flop_counter(full, args))
            _record_flop_counter(args, counts)
    memo.save()
    write(os.path.join(args.output, "sizes.json"), json.dumps({
        "mode": mode,
        "two_sizes": two_sizes,
        "full": full_sizes,
        "verified": program.sizes_used,
        "overrides": small,
    }, indent=2) + "\n")


def main(argv):
    args = parse_args(argv)
    try:
        run(args)
    except ProgramError_ as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return PROGRAM_ERROR_EXIT
    except (ImportError_, ReferenceError_) as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 1
    return 0
