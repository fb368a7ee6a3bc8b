# matmul bias swish (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

M, K, N = 1024, 2048, 2048


class Model(nn.Module):
    def forward(self, x, w, b):
        y = torch.matmul(x, w) + b
        return y * torch.sigmoid(y)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N), torch.randn(N)]


def get_init_inputs():
    return []
