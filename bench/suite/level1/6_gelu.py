# gelu (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, dim = 64, 65536


class Model(nn.Module):
    def forward(self, x):
        return F.gelu(x)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
