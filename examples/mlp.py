# KernelBench-style two-layer MLP: Linear(IN, HIDDEN) + ReLU + Linear(HIDDEN, OUT).
import torch
import torch.nn as nn

BATCH = 128
IN = 256
HIDDEN = 512
OUT = 128


class Model(nn.Module):
    def __init__(self, d_in, hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, hidden)
        self.fc2 = nn.Linear(hidden, d_out)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def get_inputs():
    return [torch.randn(BATCH, IN)]


def get_init_inputs():
    return [IN, HIDDEN, OUT]
