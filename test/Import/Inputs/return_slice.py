# x[:, :4] over a 64x256 fp32 x (test/Import/return_views.test): the result is a view.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x[:, :4]


def get_inputs():
    return [torch.randn(64, 256)]


def get_init_inputs():
    return []
