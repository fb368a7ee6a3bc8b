# A Linear too large to verify at its own sizes: the importer verifies it
# shrunk and analyzes it at full size (test/Analyze/flop-counter.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.fc = nn.Linear(n, 2 * n)

    def forward(self, x):
        return torch.relu(self.fc(x))


N = 4096
B = 8192


def get_inputs():
    return [torch.randn(B, N)]


def get_init_inputs():
    return [N]
