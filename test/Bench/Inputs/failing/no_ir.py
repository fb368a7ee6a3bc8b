# No .mlir beside it, the importer cannot cover torch.sort (torch-mlir
# leaves tm_tensor.sort, which solar does not lower) and no LLM endpoint
# is configured: no-ir.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.sort(x).values


def get_inputs():
    return [torch.randn(8)]


def get_init_inputs():
    return []
