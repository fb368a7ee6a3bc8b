# GroupNorm with 2 channels per group: the shrunk sizes must keep them 2
# (1 channel per group drops a dim and changes the einsum graph).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_channels, num_groups):
        super().__init__()
        self.norm = nn.GroupNorm(num_groups, num_channels)

    def forward(self, x):
        return self.norm(x)


batch_size = 128
channels = 16
num_groups = 8
height = width = 64


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, num_groups]
