# Cumulative product along dim 1 (inputs in [0.5, 1.5), so the
# products stay in range).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.cumprod(x, dim=self.dim)


batch_size = 8
input_shape = (16,)
dim = 1


def get_inputs():
    return [torch.rand(batch_size, *input_shape) + 0.5]


def get_init_inputs():
    return [dim]
