# 3D average pooling with zero padding (KernelBench style): torch-mlir pads
# with tensor.pad, a fill and an interior copy before the pooling loops.
import torch
import torch.nn as nn

B, C, D = 2, 4, 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool3d(kernel_size=3, stride=2, padding=1)

    def forward(self, x):
        return self.pool(x)


def get_inputs():
    return [torch.randn(B, C, D, D, D)]


def get_init_inputs():
    return []
