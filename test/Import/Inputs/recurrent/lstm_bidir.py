# A 2-layer bidirectional LSTM, batch first, from given h0/c0, returning
# the output sequence and both final states (test/Import/recurrent*.test).
import torch
import torch.nn as nn

batch_size = 2
sequence_length = 6
input_size = 4
hidden_size = 8
num_layers = 2


class Model(nn.Module):
    def __init__(self, input_size, hidden_size, num_layers):
        super().__init__()
        self.lstm = nn.LSTM(input_size, hidden_size, num_layers,
                            batch_first=True, bidirectional=True)

    def forward(self, x, h0, c0):
        out, (h_n, c_n) = self.lstm(x, (h0, c0))
        return out, h_n, c_n


def get_inputs():
    return [torch.rand(batch_size, sequence_length, input_size),
            torch.rand(2 * num_layers, batch_size, hidden_size),
            torch.rand(2 * num_layers, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers]
