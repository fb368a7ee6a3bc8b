# LayerNorm over the last dimension, then InstanceNorm2d, in f32
# (test/Import/norm_precision.test). torch-mlir computes the statistics of
# both in f64 from the f32 input.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(16)
        self.inorm = nn.InstanceNorm2d(4)

    def forward(self, x):
        return self.inorm(self.ln(x))


def get_inputs():
    return [torch.randn(2, 4, 8, 16)]


def get_init_inputs():
    return []
