import torch
import torch.nn as nn


class Model(nn.Module):
    """init_item.py's residual layers, whose __init__ reads a tensor's
    value, with a constant forward() makes from a Python number without a
    device and never uses: no op takes it, so the export that moves the
    program to the meta device has no constant without data to copy."""

    def __init__(self, features, depth, drop_path_rate=0.5):
        super(Model, self).__init__()
        self.rates = [x.item() for x in torch.linspace(0, drop_path_rate, depth)]
        self.layers = nn.ModuleList([nn.Linear(features, features) for _ in self.rates])

    def forward(self, x):
        unused = torch.tensor(1. / 0.01)
        for layer, rate in zip(self.layers, self.rates):
            x = x + torch.relu(layer(x)) * (1.0 - rate)
        return x


batch_size = 256
features = 1024
depth = 2


def get_inputs():
    return [torch.rand(batch_size, features)]


def get_init_inputs():
    return [features, depth]
