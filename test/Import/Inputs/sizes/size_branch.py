# A size-dependent branch: at full size (M x N = 2^21 elements) the program
# takes exp, with fewer than 1.5e6 elements relu, so no slot shrinks, alone
# or with the other. Its small verification says nothing about the
# full-size IR.
import torch
import torch.nn as nn

M, N = 1024, 2048


class Model(nn.Module):
    def forward(self, x):
        if x.numel() > 1500000:
            return torch.exp(x)
        return torch.relu(x)


def get_inputs():
    return [torch.randn(M, N)]


def get_init_inputs():
    return []
