# Running maximum along dim 1: torch-mlir (as pinned) has no lowering for
# aten.cummax, so there is no deterministic path.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.cummax(x, dim=1).values


def get_inputs():
    return [torch.randn(4, 8)]


def get_init_inputs():
    return []
