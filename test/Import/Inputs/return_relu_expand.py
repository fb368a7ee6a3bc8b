# torch.relu(x).expand(64, 256) over a 256-element fp32 x: a broadcast view of a computed value (test/Import/return_views.test): the result is a view.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x).expand(64, 256)


def get_inputs():
    return [torch.randn(256)]


def get_init_inputs():
    return []
