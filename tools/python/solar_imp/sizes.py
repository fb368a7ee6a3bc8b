"""Choosing the sizes the reference and solar-verify run at (`--verify-size`).

The program is analyzed at the sizes it is written with, but verified by
running it: a 4096^3 matmul or a multi-GB convolution takes minutes in
solar-verify's single-threaded JIT and GBs of memory. `auto` scales the
program's size constants down until its cost, measured without allocating
anything (meta tensors / jax.eval_shape), fits a budget of about a second
there. The sizes (solar_ref/program.py integer_constants) are the
module-level integer expressions of literals (`N = 4096`, `N = 2048 * 2`,
`B, C = 16, 64`, `a = b = 256`), every item of a tuple or list of them
(`input_shape = (32768,)`, `hidden = [4096, 4096]`) and the sizes written
inline in get_inputs()/get_init_inputs() (`get_inputs@14:25`); each is a
*slot* scaled on its own:

  * with a factor F (2, 4, ... MAX_FACTOR), a slot is divided by the
    largest power of two <= F that divides it and leaves it >= FLOOR, so
    equal slots stay equal; a size no such power divides (an odd size,
    8205 x 2949 in KernelBench's irregular matmul) would never shrink that
    way, so once every such candidate is tried, the same factors are tried
    again with each slot divided by F and rounded down (still >= FLOOR;
    equal slots still stay equal);
  * slots below SHRINKABLE (kernel sizes, strides, axes, counts) are never
    touched;
  * every divisibility among the slots (`heads | dim`, GroupNorm's
    `groups | channels`) is kept, and a quotient >= 2 stays >= 2 (so a
    group of 2 channels does not become one channel, which drops a dim):
    a slot that would break one is scaled less (at worst not at all),
    which always repairs it. Many divisibilities are coincidences
    (`batch = 8 | out_channels = 24`, `channels = 64 | height = 128`) that
    keep slots from shrinking: when no factor fits the budget that way, the
    same factors are tried again keeping only the divisibilities by an
    unscaled slot (`groups = 8 | channels`) and equalities, then none (the
    checks below catch the ones the program needs).

A candidate is kept only when the program builds there and, on the meta
device, runs the same ops with the same output ranks and the same dims of
size 0, 1 and >= 2 as at full size (torch: its *shape signature*; a dim that
becomes 1 is folded away in the IR and changes the einsum graph). The first
candidate that fits the budget is taken, else the cheapest one kept; only
when none is kept does the program verify at full size. The full-size and
the shrunk exports are still compared by their einsum graphs (same nodes,
equations and op chains) before the small run's verification is trusted
for the full-size analysis (tools/solar/frontend/cli_structure.c)."""
from solar_ref.errors import ReferenceError_

from .errors import ImportError_

SHRINKABLE = 16   # constants below this are never scaled
FLOOR = 8         # a scaled constant stays at least this
MAX_FACTOR = 1 << 12
# The budget: about a second in the verification JIT (~1e8 simple
# operations/s) and a few MB of data.
FLOP_BUDGET = 1e8
ELEMENT_BUDGET = 1 << 20


def _slots(constants):
    """[(name, index or None, value)]: one per integer, tuple and list
    items each their own."""
    slots = []
    for name, value in constants.items():
        if isinstance(value, (list, tuple)):
            slots += [(name, i, v) for i, v in enumerate(value)]
        else:
            slots.append((name, None, value))
    return slots


def _first_step(value, factor, exact):
    """The divisor of a slot: the largest power of two <= factor that
    leaves it >= FLOOR and (when exact) divides it."""
    if value < SHRINKABLE:
        return 1
    step = factor
    while step > 1 and ((exact and value % step) or value // step < FLOOR):
        step //= 2
    return step


def _relation_holds(full_a, full_b, a, b):
    """`full_b | full_a` still holds for the scaled a, b, and a quotient
    >= 2 stays >= 2."""
    return a % b == 0 and (full_a // full_b < 2 or a // b >= 2)


# Which divisibilities a candidate keeps, most faithful first.
KEEP_ALL, KEEP_UNSCALED, KEEP_NONE = "all", "unscaled", "none"


def _kept(a, b, keep):
    if keep == KEEP_ALL:
        return True
    return keep == KEEP_UNSCALED and (b < SHRINKABLE or a == b)


def _repair(values, steps, keep):
    """Halves steps until every divisibility among `values` (> 1) that
    `keep` names holds after scaling. Terminates: at step 1 a slot is its
    full value, which its scaled divisor still divides with a quotient at
    least the full one."""
    pairs = [(i, j) for i, a in enumerate(values)
             for j, b in enumerate(values)
             if i != j and b > 1 and a % b == 0 and _kept(a, b, keep)]
    changed = True
    while changed:
        changed = False
        for i, j in pairs:
            if steps[i] > 1 and not _relation_holds(
                    values[i], values[j], values[i] // steps[i],
                    values[j] // steps[j]):
                steps[i] //= 2
                changed = True


def scaled_constants(constants, factor, keep=KEEP_ALL, exact=True):
    """{name: new value} of the constants a factor changes (tuples and
    lists as lists, every item scaled on its own); a slot is scaled less
    where it would break a divisibility among them that `keep` names, and
    (when exact) where the factor does not divide it."""
    slots = _slots(constants)
    values = [v for _, _, v in slots]
    steps = [_first_step(v, factor, exact) for v in values]
    _repair(values, steps, keep)
    result = {}
    for (name, index, value), step in zip(slots, steps):
        if index is None:
            result[name] = value // step
        else:
            result.setdefault(name, []).append(value // step)
    return {k: v for k, v in result.items()
            if v != (list(constants[k]) if isinstance(constants[k], tuple)
                     else constants[k])}


def _candidates(constants):
    """Overrides to try, most faithful first: each factor with every
    divisibility kept, then with fewer; sizes divided exactly first, then
    rounded down."""
    seen = set()
    for exact in (True, False):
        for keep in (KEEP_ALL, KEEP_UNSCALED, KEEP_NONE):
            factor = 2
            while factor <= MAX_FACTOR:
                overrides = scaled_constants(constants, factor, keep, exact)
                factor *= 2
                key = repr(sorted(overrides.items()))
                if overrides and key not in seen:
                    seen.add(key)
                    yield overrides


def _load(flops, elements):
    """How far over the budget: <= 1 fits."""
    return max(flops / FLOP_BUDGET, elements / ELEMENT_BUDGET)


def _described(overrides):
    return ", ".join(f"{k}={v}" for k, v in overrides.items())


def _cost(cost_of, overrides):
    """(flops, elements, shape signature or None)."""
    measured = cost_of(overrides)
    return measured if len(measured) == 3 else (*measured, None)


def choose(constants, cost_of, say):
    """The overrides for the verification run: the first candidate that
    keeps the program's shape signature and fits the budget, else the
    cheapest one that keeps it. `cost_of(overrides)` -> (flops, elements)
    or (flops, elements, signature), or raises ReferenceError_ when the
    program cannot be built at those sizes (that candidate is skipped).
    {} when the program already fits or no candidate is kept."""
    try:
        flops, elements, signature = _cost(cost_of, {})
    except (ReferenceError_, ImportError_) as exc:
        # The reference run reports the program's own errors; an abstract
        # build that fails alone (data-dependent code) verifies at full size.
        say(f"verifying at full size: the program does not build on meta "
            f"tensors ({exc})")
        return {}
    say(f"full size: {flops:.3g} flop, {elements:.3g} elements")
    if _load(flops, elements) <= 1:
        return {}
    best = None
    refused = None
    for overrides in _candidates(constants):
        try:
            cost = _cost(cost_of, overrides)
        except (ReferenceError_, ImportError_):
            continue
        if signature is not None and cost[2] != signature:
            refused = refused or (overrides, signature_difference(
                signature, cost[2]))
            continue
        if best is None or _load(*cost[:2]) < _load(*best[1][:2]):
            best = (overrides, cost)
        if _load(*cost[:2]) <= 1:
            break
    if best is None:
        why = f"; at {_described(refused[0])}: {refused[1]}" if refused \
            else ""
        say("no smaller sizes build with the same shapes: verifying at "
            f"full size{why} (give --override NAME=VALUE for the "
            "verification sizes)")
        return {}
    overrides, (flops, elements, _) = best
    say(f"verification sizes: {_described(overrides)} "
        f"({flops:.3g} flop, {elements:.3g} elements)")
    return overrides


def signature_difference(full, small):
    """Where two shape signatures first differ, in words."""
    for k, (a, b) in enumerate(zip(full, small)):
        if a != b:
            return (f"op {k} ({a[0]}) has output dims {_classes(a[1])} at "
                    f"full size, {_classes(b[1])} there" if a[0] == b[0]
                    else f"op {k} is {a[0]} at full size, {b[0]} there")
    return f"{len(full)} op(s) at full size, {len(small)} there"


def _classes(shapes):
    names = {0: "0", 1: "1", 2: ">=2"}
    return "; ".join("(" + ", ".join(names[d] for d in shape) + ")"
                     for shape in shapes)


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
        result = scaled_constants(constants, factor)
        merged = dict(constants, **result)
        if all(v <= cap or v < SHRINKABLE
               for _, _, v in _slots(merged)):
            break
        factor *= 2
    return result
