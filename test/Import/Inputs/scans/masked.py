# Masked cumulative sum: elements where the boolean mask is false count
# as zero.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x, mask):
        return torch.cumsum(x * mask, dim=self.dim)


batch_size = 8
input_shape = (16,)
dim = 1


def get_inputs():
    return [torch.randn(batch_size, *input_shape),
            torch.randint(0, 2, (batch_size, *input_shape)).bool()]


def get_init_inputs():
    return [dim]
