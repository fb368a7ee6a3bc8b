# A KernelBench-style PyTorch program: y = relu(x @ W^T + b).
import torch
import torch.nn as nn

BATCH = 8
IN_FEATURES = 16
OUT_FEATURES = 4


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
