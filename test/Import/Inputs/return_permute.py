# x.permute(2, 0, 1) over an 8x64x32 fp32 x (test/Import/return_views.test): the result is a view.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x.permute(2, 0, 1)


def get_inputs():
    return [torch.randn(8, 64, 32)]


def get_init_inputs():
    return []
