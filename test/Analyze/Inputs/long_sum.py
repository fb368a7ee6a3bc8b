# A sum of 65536 normal samples (test/Analyze/exit-status.test): torch
# sums in f32 by blocks, the verification run in f64, so their results
# differ in the last bits and a zero tolerance rejects the imported IR.
import torch
import torch.nn as nn

N = 65536


class Model(nn.Module):
    def forward(self, x):
        return x.sum()


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []
