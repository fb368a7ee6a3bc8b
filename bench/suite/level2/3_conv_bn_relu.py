# conv bn relu (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, in_channels, out_channels = 8, 32, 64
height = width = 128
kernel_size = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=1)
        self.bn = nn.BatchNorm2d(out_channels)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return []
