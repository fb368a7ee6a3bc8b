# linear relu (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, in_features, out_features = 512, 4096, 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return []
