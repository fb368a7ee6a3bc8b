# PyTorch reference: Linear -> GELU (tanh approximation) -> Linear.
import torch
import torch.nn as nn

BATCH = 4
IN = 8
HIDDEN = 16
OUT = 4


class Model(nn.Module):
    def __init__(self, d_in, d_hidden, d_out):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


def get_inputs():
    return [torch.randn(BATCH, IN)]


def get_init_inputs():
    return [IN, HIDDEN, OUT]
