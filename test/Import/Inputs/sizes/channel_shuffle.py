import torch
import torch.nn as nn


class Model(nn.Module):
    """Grouped 1x1 convolutions around a channel shuffle (ShuffleNet)."""

    def __init__(self, channels, groups):
        super(Model, self).__init__()
        self.groups = groups
        self.conv1 = nn.Conv2d(channels, channels, kernel_size=1, groups=groups, bias=False)
        self.conv2 = nn.Conv2d(channels, channels, kernel_size=1, groups=groups, bias=False)

    def forward(self, x):
        x = self.conv1(x)
        batch, channels, height, width = x.size()
        x = x.view(batch, self.groups, channels // self.groups, height, width)
        x = x.transpose(1, 2).contiguous().view(batch, -1, height, width)
        return self.conv2(x)


batch_size = 4
channels = 120
groups = 3
height = 64
width = 64


def get_inputs():
    return [torch.rand(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, groups]
