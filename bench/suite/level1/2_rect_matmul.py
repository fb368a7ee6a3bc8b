# rect matmul (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

M, K, N = 1024, 4096, 512


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]


def get_init_inputs():
    return []
