# layernorm (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, features = 256, 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(features)

    def forward(self, x):
        return self.ln(x)


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return []
