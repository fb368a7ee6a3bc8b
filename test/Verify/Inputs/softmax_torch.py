# PyTorch reference: softmax over each row of a ROWS x COLS matrix.
import torch
import torch.nn as nn

ROWS = 4
COLS = 7


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [3.0 * torch.randn(ROWS, COLS)]
