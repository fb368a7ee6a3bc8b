# Product of two upper-triangular matrices, kept upper triangular
# (KernelBench style, full size).
import torch
import torch.nn as nn

N = 2048


class Model(nn.Module):
    def forward(self, A, B):
        return torch.triu(torch.matmul(A, B))


def get_inputs():
    return [torch.triu(torch.randn(N, N)), torch.triu(torch.randn(N, N))]


def get_init_inputs():
    return []
