"""Choosing the sizes the reference and solar-verify run at (`--verify-size`).

The program is analyzed at the sizes it is written with, but verified by
running it: a 4096^3 matmul or a multi-GB convolution takes minutes in
solar-verify's single-threaded JIT and GBs of memory. `auto` scales the
module-level integer constants (`N = 4096`, `B, C = 16, 64`, `a = b = 256`)
down by a common factor until the program's cost, measured without
allocating anything (meta tensors / jax.eval_shape), fits a budget of
about a second there:

  * a constant is divided by the largest power of two <= the factor that
    divides it and leaves it >= FLOOR, so equal constants stay equal and a
    constant that divides another (heads | dim) keeps dividing it (checked,
    together with every other divisibility among the constants; a factor
    that breaks one is skipped);
  * constants below SHRINKABLE (kernel sizes, strides, axes, counts) are
    never touched.

The full-size and the shrunk exports are then compared by their einsum
graphs (same nodes, equations and op chains) before the small run's
verification is trusted for the full-size analysis: a program whose
structure depends on the sizes is refused there, not here."""
from solar_ref.errors import ReferenceError_

from .errors import ImportError_

SHRINKABLE = 16   # constants below this are never scaled
FLOOR = 8         # a scaled constant stays at least this
MAX_FACTOR = 1 << 12
# The budget: about a second in the verification JIT (~1e8 simple
# operations/s) and a few MB of data.
FLOP_BUDGET = 1e8
ELEMENT_BUDGET = 1 << 20


def _scaled(value, factor):
    if value < SHRINKABLE:
        return value
    step = factor
    while step > 1 and (value % step or value // step < FLOOR):
        step //= 2
    return value // step


def _keeps_relations(original, scaled):
    """Every divisibility among the constants (> 1) holds after scaling."""
    items = [(k, v) for k, v in original.items() if v > 1]
    for a, va in items:
        for b, vb in items:
            if a != b and va % vb == 0 and scaled[a] % scaled[b] != 0:
                return False
    return True


def scaled_constants(constants, factor):
    """{name: new value} of the constants a factor changes, or None when it
    breaks a divisibility among them."""
    scaled = {k: _scaled(v, factor) for k, v in constants.items()}
    if not _keeps_relations(constants, scaled):
        return None
    return {k: v for k, v in scaled.items() if v != constants[k]}


def choose(constants, cost_of, say):
    """The overrides for the verification run: the smallest factor whose
    program fits the budget. `cost_of(overrides)` -> (flops, elements), or
    raises ReferenceError_ when the program cannot be built at those sizes
    (that factor is skipped). {} when the program already fits."""
    try:
        flops, elements = cost_of({})
    except (ReferenceError_, ImportError_) as exc:
        # The reference run reports the program's own errors; an abstract
        # build that fails alone (data-dependent code) verifies at full size.
        say(f"verifying at full size: the program does not build on meta "
            f"tensors ({exc})")
        return {}
    say(f"full size: {flops:.3g} flop, {elements:.3g} elements")
    if flops <= FLOP_BUDGET and elements <= ELEMENT_BUDGET:
        return {}
    best = None
    factor = 2
    seen = set()
    while factor <= MAX_FACTOR:
        overrides = scaled_constants(constants, factor)
        factor *= 2
        if overrides is None or not overrides:
            continue
        key = tuple(sorted(overrides.items()))
        if key in seen:
            continue
        seen.add(key)
        try:
            flops, elements = cost_of(overrides)
        except (ReferenceError_, ImportError_):
            continue
        best = overrides
        if flops <= FLOP_BUDGET and elements <= ELEMENT_BUDGET:
            break
    if best is None:
        say("no smaller sizes build: verifying at full size (give "
            "--override NAME=VALUE for the verification sizes)")
        return {}
    say("verification sizes: " +
        ", ".join(f"{k}={v}" for k, v in best.items()) +
        f" ({flops:.3g} flop, {elements:.3g} elements)")
    return best


def parse_verify_size(text):
    """'auto' | 'full' | N (a cap on every shrinkable constant)."""
    if text in ("auto", "full"):
        return text
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise ValueError(f"--verify-size must be auto, full or a whole "
                         f"number >= 1, got '{text}'")
    return value


def capped_constants(constants, cap):
    """--verify-size N: the smallest factor that brings every shrinkable
    constant to at most N (or as far as FLOOR and the relations allow)."""
    factor = 1
    result = {}
    while factor <= MAX_FACTOR:
        overrides = scaled_constants(constants, factor)
        if overrides is not None:
            result = overrides
            merged = dict(constants, **overrides)
            if all(v <= cap or v < SHRINKABLE for v in merged.values()):
                break
        factor *= 2
    return result
