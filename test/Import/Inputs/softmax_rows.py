# softmax over rows of a 64 x 4096 f32 matrix (test/Import/norm_precision.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(64, 4096)]


def get_init_inputs():
    return []
