# ConvTranspose2d(2 -> 3, 3x3, stride 2, padding 1, no bias) on 2x2x4x4.
# torch-mlir lowers it as a stride-1 convolution over a zero-inserted,
# zero-padded copy of the input.
import torch
import torch.nn as nn

N, CIN, COUT, H, W = 2, 2, 3, 4, 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.deconv = nn.ConvTranspose2d(CIN, COUT, 3, stride=2, padding=1,
                                         bias=False)

    def forward(self, x):
        return self.deconv(x)


def get_inputs():
    return [torch.randn(N, CIN, H, W)]


def get_init_inputs():
    return []
