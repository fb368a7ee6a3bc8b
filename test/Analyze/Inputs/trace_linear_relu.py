# Linear(64 -> 32) on 8 rows, then ReLU: the program of the hand-written
# CUDA trace fixture cuda_trace_linear_relu.json (trace-cuda.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(64, 32)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(8, 64)]


def get_init_inputs():
    return []
