"""solar.analyze(train=True) on the MLP of test/Import/Inputs/mlp.py
(Linear 8->16, ReLU, Linear 16->4, batch 2) as an nn.Sequential, and
the bad arguments of a training step."""
import sys

import jax
import torch

import solar
from expect_error import expect_solar_error


def layer(x, w):
    return jax.nn.relu(x @ w)


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(),
                            torch.nn.Linear(16, 4))
x = torch.randn(2, 8)
# H100_SXM's DRAM bandwidth and fp32 CUDA-core rate (arch/H100_SXM.yaml):
# 1830.61 B and 18281 ops per 1.83 GHz cycle.
DRAM_B_PER_S = 1830.61 * 1.83e9
OPS_PER_S = 18281 * 1.83e9


def close(a, b):
    return abs(a - b) <= 1e-9 * abs(b)


case = sys.argv[1]
if case == "sgd":
    result = solar.analyze(model, x, arch="H100_SXM", train=True)
    f = result.function
    p = result.phases
    print(f"train {result.train} function {f.name} verified {f.verified}")
    for name in ("forward", "backward", "optimizer"):
        phase = getattr(p, name)
        print(f"{name} mac {phase.ops['mac']} flops {phase.flops} "
              f"bytes unfused {phase.bytes.unfused} fused {phase.bytes.fused} "
              f"kernels {phase.kernels_unfused}")
    print(f"activation_bytes {p.activation_bytes} exact {p.exact} "
          f"backward/forward {p.backward_forward_flops:.4f}")
    print(f"optimizer sol {close(p.optimizer.sol_s.unfused, 848 / DRAM_B_PER_S)}")
    print(f"backward sol {close(p.backward.sol_s.unfused, 624 / OPS_PER_S)}")
    print(f"forward sol >= bytes/BW "
          f"{p.forward.sol_s.unfused >= 948 / DRAM_B_PER_S}")
    total = sum(getattr(p, n).sol_s.unfused
                for n in ("forward", "backward", "optimizer"))
    print(f"phases sum to the step's unfused {close(total, f.sol_s.unfused)}")
    print(f"step bytes ideal {f.bytes.ideal}")
elif case == "adamw":
    result = solar.analyze(model, x, arch="H100_SXM", train=True,
                           loss="mse", optimizer="adamw")
    p = result.phases
    print(f"train {result.train} mac {p.forward.ops['mac']} "
          f"{p.backward.ops['mac']}")
    print(f"optimizer flops {p.optimizer.flops} bytes unfused "
          f"{p.optimizer.bytes.unfused} kernels {p.optimizer.kernels_unfused}")
elif case == "forward":
    print(f"phases {solar.analyze(model, x, arch='H100_SXM').phases}")
else:
    expect_solar_error({
        "loss": lambda: solar.analyze(model, x, arch="H100_SXM", train=True,
                                      loss="l1"),
        "optimizer": lambda: solar.analyze(model, x, arch="H100_SXM",
                                           train=True, optimizer="adam"),
        "notrain": lambda: solar.analyze(model, x, arch="H100_SXM",
                                         loss="mse"),
        "trainvalue": lambda: solar.analyze(model, x, arch="H100_SXM",
                                            train="mse"),
        "jax": lambda: solar.analyze(layer, [jax.numpy.ones((2, 8)),
                                             jax.numpy.ones((8, 4))],
                                     arch="H100_SXM", train=True),
    }[case])
