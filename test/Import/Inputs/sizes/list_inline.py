# Hidden sizes in a list (KernelBench level 3 MLPs) and the batch written
# inline in get_inputs(): both must shrink.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, input_size, hidden_layer_sizes, output_size):
        super().__init__()
        layers = []
        current = input_size
        for hidden in hidden_layer_sizes:
            layers.append(nn.Linear(current, hidden))
            layers.append(nn.ReLU())
            current = hidden
        layers.append(nn.Linear(current, output_size))
        self.network = nn.Sequential(*layers)

    def forward(self, x):
        return self.network(x)


input_size = 1024
hidden_layer_sizes = [2048, 2048]
output_size = 512


def get_inputs():
    return [torch.rand(64, input_size)]


def get_init_inputs():
    return [input_size, hidden_layer_sizes, output_size]
