# x.t()[:8].sum(0) over a 64x256 fp32 x: a transpose read in part through
# a slice (test/Import/transpose_slice_sum.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x.t()[:8].sum(0)


def get_inputs():
    return [torch.randn(64, 256)]


def get_init_inputs():
    return []
