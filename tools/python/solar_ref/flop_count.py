"""FLOPs as the PyTorch ecosystem counts them: torch.utils.flop_counter.
FlopCounterMode over one forward pass, recorded beside solar's own counts so
that the two can be reconciled op by op.

Its conventions are not solar's (docs/user-guide.md, "FLOPs"): it counts
only matrix products, convolutions and attention, 2 FLOPs per
multiply-accumulate of the dense formulation (padding taps included, a
transposed convolution without its inserted zeros, attention without
is_causal's mask), and nothing for bias adds, norms, activations or pools.
Taking the figure from FlopCounterMode itself rather than restating its
formulas keeps it right when torch changes them."""


def counted(torch, fn):
    """(fn()'s result, {"total": flops, "by_op": {"aten.op": flops}})."""
    from torch.utils.flop_counter import FlopCounterMode
    with FlopCounterMode(display=False) as counter:
        result = fn()
    by_op = {str(op): int(flops) for op, flops in
             counter.get_flop_counts().get("Global", {}).items()}
    return result, {"total": int(counter.get_total_flops()),
                    "by_op": dict(sorted(by_op.items()))}
