# mlp (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, d_in, d_hidden, d_out = 256, 1024, 4096, 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_out)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


def get_inputs():
    return [torch.randn(batch_size, d_in)]


def get_init_inputs():
    return []
