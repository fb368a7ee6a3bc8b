"""Typed views of the `solar-analyze` JSON report (schema version 1,
docs/analyze.md): what each field means is documented there once; these
classes only give the fields names and types. `report` keeps the whole
dictionary for fields added in later versions."""
from dataclasses import dataclass
from typing import List, Optional

FIDELITIES = ("unfused", "fused", "cache", "ideal")


@dataclass(frozen=True)
class Fidelities:
    """One value per fidelity (seconds, bytes, a bound's name or a
    headroom factor); a fidelity the report does not give is None."""
    unfused: object = None
    fused: object = None
    cache: object = None
    ideal: object = None

    @classmethod
    def of(cls, values):
        if values is None:
            return None
        return cls(*(values.get(name) for name in FIDELITIES))

    def as_dict(self):
        return {name: getattr(self, name) for name in FIDELITIES}


@dataclass(frozen=True)
class GroupResult:
    id: int
    nodes: List[int]
    flops: float
    compute_s: float
    bytes: Fidelities
    sol_s: Fidelities
    bound: Fidelities
    intensity_fused: Optional[float]
    roof: Optional[dict]
    # The first group of those sharing unfused kernels with this one (its
    # own id when none): only a component's unfused and fused sums compare.
    unfused_component: Optional[int] = None

    @classmethod
    def of(cls, g):
        return cls(g["id"], list(g["nodes"]), g["flops"], g["compute_s"],
                   Fidelities.of(g["bytes"]), Fidelities.of(g["sol_s"]),
                   Fidelities.of(g["bound"]), g.get("intensity_fused"),
                   g.get("roof"), g.get("unfused_component", g["id"]))


@dataclass(frozen=True)
class Measurement:
    """One set of times (the reference timed here, or a --measured file)
    and the headroom = time / SOL per fidelity it gives."""
    name: str
    source: Optional[str]
    statistic: Optional[str]
    median_s: Optional[float]
    min_s: Optional[float]
    runs: Optional[int]
    reliable: Optional[bool]
    headroom: Optional[Fidelities]
    headroom_min: Optional[Fidelities]
    violations: List[str]

    @classmethod
    def of(cls, m):
        return cls(m.get("name"), m.get("source"), m.get("statistic"),
                   m.get("median_s"), m.get("min_s"), m.get("runs"),
                   m.get("reliable"), Fidelities.of(m.get("headroom")),
                   Fidelities.of(m.get("headroom_min")),
                   list(m.get("violations") or []))


@dataclass(frozen=True)
class PhaseResult:
    """One phase (forward, backward or optimizer) of a training step.
    `bytes` and `sol_s` carry the unfused fidelity only: fusion crosses
    phases, so the other fidelities' figures are the step's."""
    nodes: int
    flops: float
    ops: dict
    bytes: Fidelities
    sol_s: Fidelities
    kernels_unfused: int

    @classmethod
    def of(cls, p):
        return cls(p["nodes"], p["flops"], dict(p["ops"]),
                   Fidelities.of(p["bytes"]), Fidelities.of(p.get("sol_s")),
                   p["kernels_unfused"])


PHASES = ("forward", "backward", "optimizer")


@dataclass(frozen=True)
class TrainingPhases:
    """A training step by phase (the report's functions[].phases)."""
    forward: PhaseResult
    backward: PhaseResult
    optimizer: PhaseResult
    backward_forward_flops: Optional[float]
    activation_bytes: int
    exact: bool

    @classmethod
    def of(cls, phases):
        if phases is None:
            return None
        return cls(*(PhaseResult.of(phases[name]) for name in PHASES),
                   phases.get("backward_forward_flops"),
                   phases["activation_bytes"], bool(phases["exact"]))


@dataclass(frozen=True)
class FunctionResult:
    name: str
    dtype: str
    flops: float
    flops_lowered: Optional[float]
    flops_counter: Optional[float]
    compute_s: float
    ridge_flop_per_byte: Optional[float]
    bytes: Fidelities
    sol_s: Fidelities
    bound: Fidelities
    groups: List[GroupResult]
    headroom: Optional[Fidelities]
    headroom_min: Optional[Fidelities]
    measurements: List[Measurement]
    violations: List[str]
    opportunities: List[dict]
    verified: bool
    # The unfused model's kernels, its SOL and the measured time per kernel,
    # and its dependent-launch gaps (docs/analyze.md: functions[].launch).
    kernels_unfused: Optional[int] = None
    sol_per_kernel_s: Optional[float] = None
    measured_per_kernel_s: Optional[float] = None
    launch: Optional[dict] = None
    # A training step's phases (None for a forward pass).
    phases: Optional[TrainingPhases] = None

    @classmethod
    def of(cls, f):
        return cls(f["name"], f["dtype"], f["flops"], f.get("flops_lowered"),
                   f.get("flops_counter"), f["compute_s"],
                   f.get("ridge_flop_per_byte"), Fidelities.of(f["bytes"]),
                   Fidelities.of(f["sol_s"]), Fidelities.of(f["bound"]),
                   [GroupResult.of(g) for g in f.get("groups", [])],
                   Fidelities.of(f.get("headroom")),
                   Fidelities.of(f.get("headroom_min")),
                   [Measurement.of(m) for m in f.get("measurements") or []],
                   list(f.get("violations") or []),
                   list(f.get("opportunities") or []),
                   bool(f.get("verified")), f.get("kernels_unfused"),
                   f.get("sol_per_kernel_s"), f.get("measured_per_kernel_s"),
                   f.get("launch"), TrainingPhases.of(f.get("phases")))


def _of_function(name):
    """A shortcut to the field `name` of AnalysisResult.function."""
    return property(lambda self: getattr(self.function, name),
                    doc=f"function.{name}")


@dataclass(frozen=True)
class AnalysisResult:
    """The report of one `solar analyze` run. The shortcuts (`sol_s`,
    `flops`, ...) are those of `function`, the verified function the
    reference ran (the first function when none is verified)."""
    report: dict
    arch: str
    frontend: Optional[str]
    ir_text: Optional[str]
    functions: List[FunctionResult]
    # {"loss", "optimizer"} of a training step, None for a forward pass.
    train: Optional[dict] = None

    @classmethod
    def of(cls, report, ir_text=None):
        functions = [FunctionResult.of(f) for f in report.get("functions", [])]
        return cls(report, report["arch"]["name"], report.get("frontend"),
                   ir_text, functions, report.get("train"))

    @property
    def function(self):
        for f in self.functions:
            if f.verified:
                return f
        return self.functions[0]

    sol_s = _of_function("sol_s")
    bytes = _of_function("bytes")
    bound = _of_function("bound")
    flops = _of_function("flops")
    flops_lowered = _of_function("flops_lowered")
    flops_counter = _of_function("flops_counter")
    headroom = _of_function("headroom")
    phases = _of_function("phases")
