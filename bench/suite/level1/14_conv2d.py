# conv2d (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, in_channels, out_channels, height, width = 16, 64, 128, 64, 64
kernel_size = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, padding=1, bias=False)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return []
