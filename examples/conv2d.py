# KernelBench-style 2-D convolution: Conv2d(C_IN, C_OUT, 3x3, stride 1, no
# padding, with bias) on a BATCH x C_IN x H x W fp32 input.
import torch
import torch.nn as nn

BATCH = 4
C_IN = 16
C_OUT = 32
H = 32
W = 32
K = 3


class Model(nn.Module):
    def __init__(self, c_in, c_out, k):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, k)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(BATCH, C_IN, H, W)]


def get_init_inputs():
    return [C_IN, C_OUT, K]
