# matvec (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

M, K = 4096, 8192


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, 1)]


def get_init_inputs():
    return []
