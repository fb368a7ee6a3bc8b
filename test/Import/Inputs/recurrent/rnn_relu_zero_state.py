# A 2-layer ReLU RNN without biases, called without a state (torch starts
# from zeros), returning out (test/Import/recurrent.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.RNN(4, 8, 2, nonlinearity="relu", bias=False)

    def forward(self, x):
        out, _ = self.rnn(x)
        return out


def get_inputs():
    return [torch.randn(6, 2, 4)]
