# linear_relu.py (test/Inputs) with two changes for key-environment.test:
# it records which API-key variables it sees (in the file named by
# SOLAR_TEST_ENV_PROBE) each time it is loaded, and its forward branches on
# data, which the exporter cannot follow, so `solar analyze` falls back to
# the LLM translator.
import os
import torch
import torch.nn as nn

BATCH = 4
IN_FEATURES = 8
OUT_FEATURES = 4

probe = os.environ.get("SOLAR_TEST_ENV_PROBE")
if probe:
    with open(probe, "a") as f:
        for name in ("SOLAR_LLM_API_KEY", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"):
            f.write(f"{name}={os.environ.get(name)}\n")


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        if x.sum() > 1e30:  # data-dependent: the exporter cannot follow it
            x = x * 2
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
