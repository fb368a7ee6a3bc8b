# torch.lstm called in training mode with dropout between layers: a
# random mask per layer, refused (test/Import/recurrent.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, 2)

    def forward(self, x):
        zeros = torch.zeros(2, x.shape[1], 8)
        weights = [getattr(self.lstm, name)
                   for name in self.lstm._flat_weights_names]
        out, _, _ = torch.lstm(x, (zeros, zeros), weights, True, 2, 0.5,
                               True, False, False)
        return out


def get_inputs():
    return [torch.rand(6, 2, 4)]
