# An RNN unrolled in forward(): the sequence length sets how many steps
# the exported graph has, so a smaller one repeats the step fewer times
# (solar_imp/repeats.py); the sequence, the input size and the batch (10,
# below 16; x is batch first) shrink. The hidden size is written in
# __init__, so the parameters stay over the element budget.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size):
        super().__init__()
        self.i2h = nn.Linear(input_size, 1024)
        self.h2h = nn.Linear(1024, 1024, bias=False)

    def forward(self, x):
        h = torch.zeros(x.shape[0], 1024)
        for t in range(x.shape[1]):
            h = torch.tanh(self.i2h(x[:, t]) + self.h2h(h))
        return h


batch_size = 10
seq_len = 32
input_size = 64


def get_inputs():
    return [torch.rand(batch_size, seq_len, input_size)]


def get_init_inputs():
    return [input_size]
