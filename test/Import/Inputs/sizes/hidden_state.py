# A hidden state kept as a plain tensor attribute and updated in forward()
# (KernelBench level 3 #33, VanillaRNN): torch.export refuses a mutated
# constant.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.hidden = torch.randn((batch_size, hidden_size))
        self.i2h = nn.Linear(input_size + hidden_size, hidden_size)
        self.h2o = nn.Linear(hidden_size, output_size)

    def forward(self, x, initial_hidden=None):
        if initial_hidden is not None:
            self.hidden.copy_(initial_hidden)
        combined = torch.cat((x, self.hidden), dim=1)
        self.hidden = torch.tanh(self.i2h(combined))
        return self.h2o(self.hidden)


batch_size = 128
input_size = 1024
hidden_size = 1024
output_size = 512


def get_inputs():
    return [torch.rand(batch_size, input_size),
            torch.rand(batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, output_size]
