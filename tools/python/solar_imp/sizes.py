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
inline in get_inputs()/get_init_inputs() (`get_inputs@14:25`) or beside
names in a module-level tuple (`input_shape@7:30`); each is a *slot*
scaled on its own:

  * with a factor F (2, 4, ... MAX_FACTOR), a slot is divided by the
    largest power of two <= F that divides it and leaves it >= FLOOR, so
    equal slots stay equal; a size no such power divides (an odd size,
    8205 x 2949 in KernelBench's irregular matmul) would never shrink that
    way, so once every such candidate is tried, the same factors are tried
    again with each slot divided by F and rounded down (still >= FLOOR;
    equal slots still stay equal);
  * slots below SHRINKABLE (kernel sizes, strides, axes, counts) are not
    touched by a factor;
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
candidate that fits the budget is taken, else the cheapest one kept is
refined one group of equal slots at a time and then one slot at a time
(_refine: what a program fixes, an image size its classifier pins or a
sequence length that sets how many steps an unrolled RNN has, no longer
holds the other slots at full size; a slot goes below FLOOR, down to 2,
only as a batch: only inputs' leading dims change, no parameter's
shape). Only when nothing is kept does the program verify at full
size. A candidate's forward pass stops at the first op whose entry
differs from the full size's signature, so a refused one costs a few
ops, not a whole pass (98,000 ops in a 512-step LSTM). The full-size and
the shrunk exports are still compared by their einsum graphs (same nodes,
equations and op chains) before the small run's verification is trusted
for the full-size analysis (tools/solar/frontend/cli_structure.c); sizes
it refuses come back as choose's `refused_sizes`, and only larger
candidates are then taken (docs/importers.md, "A refused candidate is
retried")."""
from solar_ref.errors import ReferenceError_

from .errors import ImportError_
from .repeats import covers

SHRINKABLE = 16   # constants below this are not scaled by a factor
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


class Expect:
    """What a candidate must keep to be measured in full (cost_of's
    second argument): the full size's shape signature (the exporter stops
    the forward pass at the first op that differs) and, when `state` is
    given, the exact shapes of the model's parameters and buffers."""

    def __init__(self, signature, state=None):
        self.signature, self.state = signature, state


def _cost(cost_of, overrides, expect=None):
    """(flops, elements, shape signature or None, exact shapes or None):
    exact shapes are (input shapes, parameter and buffer shapes)."""
    measured = cost_of(overrides, expect)
    return tuple(measured) + (None,) * (4 - len(measured))


def _cost_or_why(cost_of, overrides, expect=None):
    """(_cost, None), or (None, why) when the program does not build at
    those sizes."""
    try:
        return _cost(cost_of, overrides, expect), None
    except (ReferenceError_, ImportError_) as exc:
        return None, str(exc)


def _refused_floor(refused, cost_of, say):
    """The load (_load) a candidate must exceed after the structure check
    refused the sizes `refused` ([{name: value}]): the largest of theirs,
    so that each retry moves to a larger candidate and the retries end
    (at full size when none is left); None when nothing was refused."""
    floor = None
    for overrides in refused:
        cost, _ = _cost_or_why(cost_of, overrides)
        if cost is None:
            continue
        load = _load(*cost[:2])
        floor = load if floor is None else max(floor, load)
        say(f"refused by the structure check after export: "
            f"{_described(overrides)} ({cost[0]:.3g} flop, {cost[1]:.3g} "
            "elements): only larger candidates now")
    return floor


def _above(cost, floor):
    """Whether a candidate's cost is above the refused candidates'
    (_refused_floor)."""
    return floor is None or _load(*cost[:2]) > floor


def choose(constants, cost_of, say, refused_sizes=()):
    """The overrides for the verification run: the first candidate that
    keeps the program's shape signature and fits the budget, else the
    cheapest one that keeps it, refined one slot group at a time
    (_refine). `cost_of(overrides, expect)` -> (flops, elements[,
    signature[, exact shapes]]) (torch_export.cost), or raises
    ReferenceError_ when the program cannot be built at those sizes (that
    candidate is skipped). `refused_sizes`: sizes the structure check after
    export refused ([{name: value}]); only candidates costing more than
    each of them are taken (the next larger one). {} when the program
    already fits or no candidate is kept."""
    try:
        flops, elements, signature, shapes = _cost(cost_of, {})
    except (ReferenceError_, ImportError_) as exc:
        # The reference run reports the program's own errors; an abstract
        # build that fails alone (data-dependent code) verifies at full size.
        say(f"verifying at full size: the program does not build on meta "
            f"tensors ({exc})")
        return {}
    say(f"full size: {flops:.3g} flop, {elements:.3g} elements")
    if _load(flops, elements) <= 1:
        return {}
    expect = Expect(signature) if signature is not None else None
    floor = _refused_floor(refused_sizes, cost_of, say)
    best = None
    refused = None
    for overrides in _candidates(constants):
        cost, _ = _cost_or_why(cost_of, overrides, expect)
        if cost is None or not _above(cost, floor):
            continue
        why = signature is not None and \
            _structure_difference(signature, _state_count(shapes), cost)
        if why:
            refused = refused or (overrides, why)
            continue
        if best is None or _load(*cost[:2]) < _load(*best[1][:2]):
            best = (overrides, cost)
        if _load(*cost[:2]) <= 1:
            break
    if signature is not None and (best is None or _load(*best[1][:2]) > 1):
        start = best or ({}, (flops, elements, signature, shapes))
        best = _refine(constants, start, expect, cost_of, say, floor)
    if best is None or not best[0]:
        why = f"; at {_described(refused[0])}: {refused[1]}" if refused \
            else ""
        larger = " larger than those refused" if floor is not None else ""
        say(f"no smaller sizes{larger} build with the same shapes: "
            f"verifying at full size{why} (give --override NAME=VALUE for "
            "the verification sizes)")
        return {}
    overrides, (flops, elements, _, _) = best
    say(f"verification sizes: {_described(overrides)} "
        f"({flops:.3g} flop, {elements:.3g} elements)")
    return overrides


SMALL_FLOOR = 2   # a batch is scaled to no less than this


def _groups(constants):
    """[[(name, index)]]: the slots with equal full values (which the
    factors keep equal), largest value first, slots of 2 or less left
    out."""
    by_value = {}
    for name, index, value in _slots(constants):
        if value > SMALL_FLOOR:
            by_value.setdefault(value, []).append((name, index))
    return [by_value[v] for v in sorted(by_value, reverse=True)]


def _smaller_values(value):
    """The values a slot now at `value` may take, smallest first: divided
    by each power of two and rounded down, and SMALL_FLOOR; none below
    SMALL_FLOOR."""
    found, step = {SMALL_FLOOR} if value > SMALL_FLOOR else set(), 2
    while value // step >= SMALL_FLOOR:
        found.add(value // step)
        step *= 2
    return sorted(found)


def _with(constants, overrides, members, value):
    """`overrides` with the slots `members` set to `value`."""
    result = {name: (list(v) if isinstance(v, (list, tuple)) else v)
              for name, v in constants.items()}
    for name, v in overrides.items():
        result[name] = list(v) if isinstance(v, (list, tuple)) else v
    for name, index in members:
        if index is None:
            result[name] = value
        else:
            result[name][index] = value
    return {name: v for name, v in result.items()
            if v != (list(constants[name])
                     if isinstance(constants[name], (list, tuple))
                     else constants[name])}


def _current(constants, overrides, slot):
    name, index = slot
    value = overrides.get(name, constants[name])
    return value if index is None else value[index]


def _refine(constants, start, expect, cost_of, say, floor=None):
    """Greedy refinement of `start` (overrides, cost) when no factor fits
    the budget: a factor scales every slot at once, so one size the
    program fixes (the image size a classifier's flattened input pins, a
    sequence length that sets how many steps an unrolled RNN has) keeps
    every other slot at full size. Here each group of equal slots is
    scaled on its own, then each slot of a group alone, to the smallest
    value that keeps the signature, smallest first: a value refused costs
    only the forward pass up to the first op that differs (Expect), one
    kept costs a whole one, and only one is kept per slot. A value
    below FLOOR (a batch of 10 made 2) is taken only for a batch: only
    the inputs' leading dims change, no parameter or buffer shape (kernel
    sizes, layer counts, axes and image sizes do not qualify: an image of
    3x3 pixels may leave a convolution's interior empty). A value whose
    cost is not above `floor` (_refused_floor) is passed over, so the
    next larger one is taken. Returns the refined (overrides, cost), or
    `start` when nothing more shrinks (None when that is the full
    size)."""
    overrides, cost = start
    fixed = []
    for group in _groups(constants):
        trials = [group] + ([[slot] for slot in group] if len(group) > 1
                            else [])
        for members in trials:
            if _load(*cost[:2]) <= 1:
                break
            value_now = _current(constants, overrides, members[0])
            why = None
            for value in _smaller_values(value_now):
                trial = _with(constants, overrides, members, value)
                measured, why = _try(cost_of, trial, expect.signature,
                                     _state_count(cost[3]),
                                     cost[3] if value < FLOOR else None)
                if measured is not None and _above(measured, floor):
                    overrides, cost = trial, measured
                    break
            else:
                if why is not None and members is group and \
                        value_now >= SHRINKABLE:
                    fixed.append(f"{_slot_names(members)}={value_now} "
                                 f"(at {value}: {why})")
    if overrides != start[0]:
        say(f"one slot at a time: {_described(overrides)} keep the "
            f"shapes ({cost[0]:.3g} flop, {cost[1]:.3g} elements)")
    if fixed:
        say("sizes the program fixes: " + "; ".join(fixed))
    return (overrides, cost) if overrides else None


def _try(cost_of, overrides, signature, state_count, data_shapes):
    """(cost, None) when the program keeps `signature` at `overrides`,
    else (None, why). With `data_shapes` (the exact shapes where it stands
    now) the changed slot must be a data size: some input's shape
    changes, no parameter's or buffer's."""
    measured, why = _cost_or_why(cost_of, overrides, Expect(
        signature, data_shapes[1] if data_shapes else None))
    if measured is None:
        return None, why
    if data_shapes and not _batch_only(data_shapes, measured[3]):
        return None, "not a batch (a parameter's shape changes, or no " \
            "input's leading dim, or another dim)"
    why = _structure_difference(signature, state_count, measured)
    if why:
        return None, why
    return measured, None


def _structure_difference(signature, state_count, measured):
    """None when a candidate's cost `measured` keeps the full size's
    `signature`: the same one, or fewer repetitions of blocks
    (repeats.covers) that own no parameter or buffer, so that the model
    has `state_count` of them as at full size; else why not, in words.
    A block with its own weights (a ResNet stage's bottlenecks, counted
    by a module-level `layers` list) repeated fewer times leaves the
    exported function fewer arguments, which the structure check after
    export compares one by one and refuses (cli_structure.c); an RNN's
    steps share their weights."""
    if measured[2] == signature:
        return None
    if not covers(signature, measured[2]):
        return signature_difference(signature, measured[2])
    if _state_count(measured[3]) != state_count:
        return (f"fewer repetitions of a block with parameters or buffers "
                f"of its own ({_state_count(measured[3])} there, "
                f"{state_count} at full size)")
    return None


def _state_count(shapes):
    """How many parameters and buffers exact shapes (_cost) list; None
    when the cost function gives no shapes."""
    return len(shapes[1]) if shapes else None


def _batch_only(before, after):
    """Whether (input shapes, parameter and buffer shapes) `after` differs
    from `before` in the inputs' leading dims alone, and in at least one:
    a batch, the one size that may go below FLOOR (no window, pad or
    reshape works across it, so 2 items run the code every item runs)."""
    if after[1] != before[1] or after[0] == before[0] or \
            len(after[0]) != len(before[0]):
        return False
    return all(len(a) == len(b) and a[1:] == b[1:]
               for a, b in zip(after[0], before[0]))


def _slot_names(members):
    """`a, b[1]`: the slots as the log names them."""
    return ", ".join(name if index is None else f"{name}[{index}]"
                     for name, index in members)


def signature_difference(full, small):
    """Where two shape signatures first differ, in words."""
    for k, (a, b) in enumerate(zip(full, small)):
        if a != b:
            return (f"op {k} ({a[0]}) has output dims {_classes(a[1])} at "
                    f"full size, {_classes(b[1])} there" if a[0] == b[0]
                    else f"op {k} is {a[0]} at full size, {b[0]} there")
    # A longer run stops one op past the full size's (Expect).
    there = "more" if len(small) > len(full) else len(small)
    return f"{len(full)} op(s) at full size, {there} there"


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
