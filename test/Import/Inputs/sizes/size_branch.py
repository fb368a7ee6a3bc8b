# A size-dependent branch: at full size (N = 2048) the program takes exp,
# shrunk below 1500 it takes relu. Its small verification says nothing
# about the full-size IR.
import torch
import torch.nn as nn

M, N = 1024, 2048


class Model(nn.Module):
    def forward(self, x):
        if x.shape[1] > 1500:
            return torch.exp(x)
        return torch.relu(x)


def get_inputs():
    return [torch.randn(M, N)]


def get_init_inputs():
    return []
