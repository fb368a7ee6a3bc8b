# Odd sizes no power of two divides, as in KernelBench level 1
# 8_Matmul_with_irregular_shapes_ (test/Import/sizes_shrink.test):
# C = A B with A: M x K, B: K x N.
import torch
import torch.nn as nn

M = 1025
K = 513
N = 1027


class Model(nn.Module):
    def forward(self, A, B):
        return torch.matmul(A, B)


def get_inputs():
    return [torch.rand(M, K), torch.rand(K, N)]


def get_init_inputs():
    return []
