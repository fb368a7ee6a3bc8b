# A 2-layer LSTM over 64 steps, batch first, from given h0/c0, returning
# only h_n, as KernelBench's 36_LSTMHn (smaller): the size choice may
# shorten the sequence, the time loop keeps the einsum graph
# (test/Import/recurrent.test).
import torch
import torch.nn as nn

batch_size = 4
sequence_length = 64
input_size = 32
hidden_size = 32
num_layers = 2


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers,
                            batch_first=True)

    def forward(self, x, h0, c0):
        out, (h_n, c_n) = self.lstm(x, (h0, c0))
        return h_n


def get_inputs():
    return [torch.rand(batch_size, sequence_length, input_size),
            torch.rand(num_layers, batch_size, hidden_size),
            torch.rand(num_layers, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers]
