# forward() uses a name that does not exist: the user's error.
import torch
import torch.nn as nn

N = 16


class Model(nn.Module):
    def forward(self, x):
        return x * undefined_scale  # noqa: F821


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []
