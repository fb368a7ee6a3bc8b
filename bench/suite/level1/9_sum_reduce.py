# sum reduce (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, dim1, dim2 = 64, 1024, 1024
reduce_dim = 1


class Model(nn.Module):
    def forward(self, x):
        return torch.sum(x, dim=reduce_dim, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return []
