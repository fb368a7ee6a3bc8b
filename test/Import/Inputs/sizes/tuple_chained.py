# Sizes in a tuple and a chained assignment (KernelBench level-2 style):
# --verify-size auto must reach B, T, IN and OUT alone.
import torch
import torch.nn as nn

B, T = 8, 64
IN = OUT = 512


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(B, T, IN)]


def get_init_inputs():
    return [IN, OUT]
