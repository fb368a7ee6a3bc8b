# A 2-layer GRU, sequence first, from a given h0, returning the output
# sequence and the final state (test/Import/recurrent*.test).
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
        self.gru = nn.GRU(input_size, hidden_size, num_layers)

    def forward(self, x, h0):
        out, h_n = self.gru(x, h0)
        return out, h_n


def get_inputs():
    return [torch.rand(sequence_length, batch_size, input_size),
            torch.rand(num_layers, batch_size, hidden_size)]


def get_init_inputs():
    return [input_size, hidden_size, num_layers]
