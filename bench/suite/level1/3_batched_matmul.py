# batched matmul (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, m, k, n = 32, 256, 512, 256


class Model(nn.Module):
    def forward(self, A, B):
        return torch.bmm(A, B)


def get_inputs():
    return [torch.randn(batch_size, m, k), torch.randn(batch_size, k, n)]


def get_init_inputs():
    return []
