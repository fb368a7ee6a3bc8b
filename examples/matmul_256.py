# KernelBench-style square matmul: C = A @ B with A, B of N x N fp32.
import torch
import torch.nn as nn

N = 256


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(N, N), torch.randn(N, N)]


def get_init_inputs():
    return []
