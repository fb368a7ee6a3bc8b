# Constants made inside forward() from a Python number (KernelBench level 2
# #31 and #83): on the meta device they have no data to put into the IR.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, features, constant_value):
        super().__init__()
        self.fc = nn.Linear(features, features)
        self.constant_value = constant_value

    def forward(self, x):
        x = self.fc(x)
        x = torch.min(x, torch.tensor(self.constant_value))
        return torch.max(x, torch.tensor(-self.constant_value, device=x.device))


batch_size = 256
features = 1024
constant_value = 0.5


def get_inputs():
    return [torch.rand(batch_size, features)]


def get_init_inputs():
    return [features, constant_value]
