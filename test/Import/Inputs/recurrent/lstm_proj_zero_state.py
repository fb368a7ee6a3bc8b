# A 1-layer LSTM with proj_size = 3 called without a state, batch first,
# returning out (test/Import/recurrent.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, 1, proj_size=3, batch_first=True)

    def forward(self, x):
        out, _ = self.lstm(x)
        return out


def get_inputs():
    return [torch.rand(2, 6, 4)]
