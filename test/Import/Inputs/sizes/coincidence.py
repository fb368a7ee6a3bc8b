# batch_size = 16 divides out_channels = 48 by coincidence: once the batch
# is at its floor of 8, the channels can only halve (24), not stop shrinking
# the rest.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)

    def forward(self, x):
        return torch.relu(self.conv(x))


batch_size = 16
in_channels = 3
out_channels = 48
height = width = 256
kernel_size = 3


def get_inputs():
    return [torch.rand(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
