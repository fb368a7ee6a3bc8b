# Exclusive cumulative sum: a zero column in front, the last column
# dropped, then cumsum (y[:, 0] = 0, y[:, j] = x[:, 0] + ... + x[:, j-1]).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        shifted = torch.cat((torch.zeros_like(x.select(self.dim, 0).unsqueeze(self.dim)), x), dim=self.dim)
        return torch.cumsum(shifted.narrow(self.dim, 0, x.size(self.dim)), dim=self.dim)


batch_size = 8
input_shape = (16,)
dim = 1


def get_inputs():
    return [torch.randn(batch_size, *input_shape)]


def get_init_inputs():
    return [dim]
