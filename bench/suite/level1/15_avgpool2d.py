# avgpool2d (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, channels, height, width = 16, 64, 256, 256
kernel_size = 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(kernel_size)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return []
