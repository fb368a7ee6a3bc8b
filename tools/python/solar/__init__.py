"""solar's Python API: analyze an nn.Module instance or a JAX function with
example inputs, through the `solar analyze` command (docs/python-api.md).

    import solar
    result = solar.analyze(model, [x], arch="H100_SXM")
    print(result.sol_s.cache, result.flops)
"""
from .api import analyze
from .errors import SolarError
from .result import (AnalysisResult, Fidelities, FunctionResult, GroupResult,
                     Measurement, PhaseResult, TrainingPhases)

__all__ = ["analyze", "SolarError", "AnalysisResult", "Fidelities",
           "FunctionResult", "GroupResult", "Measurement", "PhaseResult",
           "TrainingPhases"]
