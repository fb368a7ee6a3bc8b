# out = x + y over 1024 fp32 elements (a tiny KernelBench-style program).
import torch
import torch.nn as nn

N = 1024


class Model(nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return [torch.randn(N), torch.randn(N)]


def get_init_inputs():
    return []
