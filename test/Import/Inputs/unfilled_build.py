"""Checks solar_imp/unfilled.build (a build with real tensors whose random
fills are skipped) on small models: per model, how many times the build
ran (1: the fills were skipped; 2: it was redone with every op run, the
exact fallback), how many of its parameter and buffer elements differ
from a plain build's (those left unfilled may; a redone build has none),
and whether every shape is the plain build's. Prints one line per
model."""
import sys

sys.path.insert(0, sys.argv[1])
from solar_ref import torch_runner  # noqa: E402

torch = torch_runner.import_torch()
from solar_imp import unfilled  # noqa: E402
nn = torch.nn


class Swinlike(nn.Module):
    """__init__ reads a tensor's value (no meta or fake build), kaiming
    (nn.Linear) and normal fills, a mask computed from zeros (kept as it
    is)."""

    def __init__(self):
        super().__init__()
        self.rates = [x.item() for x in torch.linspace(0, 0.1, 3)]
        self.fc = nn.Linear(64, 64)
        self.proj = nn.Parameter(torch.zeros(64, 64))
        nn.init.normal_(self.proj, std=0.02)
        mask = torch.zeros(8, 8)
        mask[4:, 4:] = 1
        self.register_buffer("mask", mask.masked_fill(mask != 0, -100.0))


class ReadsWeight(Swinlike):
    """A size taken from a random weight's value: item() of an unfilled
    tensor."""

    def __init__(self):
        super().__init__()
        self.k = int(self.fc.weight.abs().sum() > 0) + 1


class ListsWeight(Swinlike):
    """An unfilled tensor kept outside the parameters and buffers (a list
    attribute: forward() would read it as a constant)."""

    def __init__(self):
        super().__init__()
        self.extra = [torch.randn(4)]


class TolistWeight(Swinlike):
    """An unfilled tensor's data read without a dispatched op."""

    def __init__(self):
        super().__init__()
        self.first = self.fc.bias.tolist()[:1]


class CopiesFilled(Swinlike):
    """A filled buffer overwritten from an unfilled weight: unfilled too,
    and it is a buffer (skipped)."""

    def __init__(self):
        super().__init__()
        self.register_buffer("copy", torch.ones(64, 64))
        self.copy.copy_(self.proj)


class TruncNormal(Swinlike):
    """trunc_normal_ samples until every value is within its bounds: a
    loop on an unfilled tensor's `.any()`, so the build is redone."""

    def __init__(self):
        super().__init__()
        nn.init.trunc_normal_(self.proj, std=0.02)


def plain(cls):
    torch.manual_seed(0)
    return cls()


def state(model):
    return [*model.parameters(), *model.buffers()]


for cls in (Swinlike, ReadsWeight, ListsWeight, TolistWeight, CopiesFilled,
            TruncNormal):
    runs = []

    def make():
        runs.append(1)
        torch.manual_seed(0)
        return cls()
    built = unfilled.build(torch, make, state)
    reference = plain(cls)
    pairs = list(zip(state(built), state(reference)))
    shapes = len(pairs) == len(state(reference)) and \
        all(a.shape == b.shape and a.dtype == b.dtype for a, b in pairs)
    differ = sum(int((a != b).sum()) for a, b in pairs
                 if a.shape == b.shape)
    # The mask is computed, not filled: always the plain build's.
    mask = bool((built.mask == reference.mask).all())
    print(f"{cls.__name__}: builds {len(runs)} shapes {shapes} "
          f"mask {mask} differ {'some' if differ else 'none'}")


class BadRange(Swinlike):
    """A fill the full build refuses (uniform_ from > to): the skipped one
    raises as well, and the build that is redone reports it."""

    def __init__(self):
        super().__init__()
        nn.init.uniform_(self.proj, 1.0, 0.0)


class BadShape(Swinlike):
    """An in-place add of mismatched shapes on an unfilled weight: refused
    alike."""

    def __init__(self):
        super().__init__()
        self.proj.data.add_(torch.ones(3))


for cls in (BadRange, BadShape):
    runs = []

    def make():
        runs.append(1)
        torch.manual_seed(0)
        return cls()
    try:
        unfilled.build(torch, make, state)
        print(f"{cls.__name__}: built")
    except RuntimeError as exc:
        print(f"{cls.__name__}: builds {len(runs)} raised "
              f"{str(exc).splitlines()[0][:40]}")
