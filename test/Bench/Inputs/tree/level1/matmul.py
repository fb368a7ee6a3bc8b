# C = A @ B with A 64 x 16 and B 16 x 32, fp32.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.randn(64, 16), torch.randn(16, 32)]


def get_init_inputs():
    return []
