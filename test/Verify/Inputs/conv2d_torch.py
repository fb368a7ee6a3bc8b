# PyTorch reference: Conv2d, NCHW, 3x3 kernel, padding 1, stride 1.
import torch
import torch.nn as nn

BATCH = 2
C_IN = 2
C_OUT = 3
H = 5
W = 5


class Model(nn.Module):
    def __init__(self, c_in, c_out):
        super().__init__()
        self.conv = nn.Conv2d(c_in, c_out, kernel_size=3, padding=1)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(BATCH, C_IN, H, W)]


def get_init_inputs():
    return [C_IN, C_OUT]
