# softmax (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, dim = 256, 16384


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []
