# A 2-layer LSTM called without a state: torch starts from zeros, the
# first step is peeled (test/Import/recurrent.test).
import torch
import torch.nn as nn

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lstm = nn.LSTM(4, 8, 2)

    def forward(self, x):
        out, _ = self.lstm(x)
        return out

def get_inputs():
    return [torch.rand(6, 2, 4)]
