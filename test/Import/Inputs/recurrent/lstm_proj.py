# A 2-layer bidirectional LSTM with proj_size = 3 (h = W_hr (o * tanh(c))
# per step), from given h0 (projected size) and c0 (hidden size),
# returning out, h_n, c_n (test/Import/recurrent.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, 2, proj_size=3, bidirectional=True)

    def forward(self, x, h0, c0):
        out, (h_n, c_n) = self.lstm(x, (h0, c0))
        return out, h_n, c_n


def get_inputs():
    return [torch.rand(6, 2, 4), torch.rand(4, 2, 3), torch.rand(4, 2, 8)]
