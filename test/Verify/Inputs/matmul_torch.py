# PyTorch reference: C = A @ B (M x K times K x N).
import torch
import torch.nn as nn

M = 8
K = 16
N = 5


class Model(nn.Module):
    def forward(self, a, b):
        return torch.matmul(a, b)


def get_inputs():
    return [torch.randn(M, K), torch.randn(K, N)]
