# An LSTM with proj_size > 0 (h projected per step): solar does not lower
# it, and says so (test/Import/recurrent.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, 1, proj_size=3)

    def forward(self, x):
        out, _ = self.lstm(x)
        return out


def get_inputs():
    return [torch.rand(6, 2, 4)]
