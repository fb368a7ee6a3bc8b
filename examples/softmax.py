# KernelBench-style softmax over the last dimension of a ROWS x COLS fp32
# tensor (input 32 MiB: above the on-chip caches, see elementwise_add.py).
import torch
import torch.nn as nn

ROWS = 4096
COLS = 2048


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
