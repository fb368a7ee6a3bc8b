# rnn_repeat.py, but a long sequence also takes a ReLU of the outputs: a
# shorter one changes more than how often the step repeats.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super().__init__()
        self.i2h = nn.Linear(input_size, hidden_size)
        self.h2h = nn.Linear(hidden_size, hidden_size, bias=False)
        self.h2o = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        h = torch.zeros(x.shape[0], self.h2h.in_features)
        outputs = []
        for t in range(sequence_length):
            h = torch.tanh(self.i2h(x[:, t]) + self.h2h(h))
            outputs.append(self.h2o(h))
        stacked = torch.stack(outputs, dim=1)
        if sequence_length > 5:
            stacked = torch.relu(stacked)
        return stacked


batch_size = 2
sequence_length = 6
input_size = 8
hidden_size = 16
output_size = 4


def get_inputs():
    return [torch.rand(batch_size, sequence_length, input_size)]


def get_init_inputs():
    return [input_size, hidden_size, output_size]
