# square matmul (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

N = 2048


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(N, N), torch.randn(N, N)]


def get_init_inputs():
    return []
