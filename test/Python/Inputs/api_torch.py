"""solar.analyze on an nn.Module instance defined in this script (it travels
to the CLI by value) with its weights as set here."""
import sys

import torch

import solar
from expect_error import expect_solar_error


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 4)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


torch.manual_seed(0)
model = MLP()
case = sys.argv[1]
if case == "mlp":
    result = solar.analyze(model, torch.randn(2, 8), arch="H100_SXM")
    f = result.function
    print(f"arch {result.arch} frontend {result.frontend} verified {f.verified}")
    print(f"function {f.name} dtype {f.dtype} flops {f.flops}")
    print(f"bytes unfused {f.bytes.unfused} fused {f.bytes.fused} "
          f"cache {f.bytes.cache} ideal {f.bytes.ideal}")
    print(f"bound {f.bound.cache} groups {len(f.groups)} "
          f"group0 flops {f.groups[0].flops}")
    print(f"sol cache <= unfused {f.sol_s.cache <= f.sol_s.unfused}")
    print(f"kernels {f.kernels_unfused} launch gap {f.launch['gap_s']} "
          f"launch-bound {f.launch['launch_bound']}")
    print(f"headroom {result.headroom}")
    print(f"report schema {result.report['schema']} "
          f"version {result.report['version']}")
    print(f"ir has forward {'func.func' in result.ir_text}")
else:
    expect_solar_error({
        "shape": lambda: solar.analyze(model, torch.randn(2, 9),
                                       arch="H100_SXM"),
        "arch": lambda: solar.analyze(model, torch.randn(2, 8),
                                      arch="NoSuchChip"),
        "object": lambda: solar.analyze(42, [1.0], arch="H100_SXM"),
    }[case])
