# transpose matmul (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

M, K, N = 1024, 2048, 1024


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A.T, B)


def get_inputs():
    return [torch.randn(K, M), torch.randn(K, N)]


def get_init_inputs():
    return []
