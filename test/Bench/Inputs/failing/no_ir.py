# No .mlir beside it, the importer cannot cover torch.nonzero (torch-mlir
# leaves tm_tensor.scan/scatter ops) and no LLM endpoint is configured:
# no-ir.
import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return torch.nonzero(x > 0).to(torch.float32)


def get_inputs():
    return [torch.randn(8)]


def get_init_inputs():
    return []
