# Convolution, batch norm, pooling and a linear layer at a size the size
# choice shrinks: an import with two sizes (import_server_warm_up.test).
import torch
import torch.nn as nn
import torch.nn.functional as F

N, C, S = 4, 8, 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, C, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(C)
        self.fc = nn.Linear(C, 5)

    def forward(self, x):
        y = F.relu(self.bn(self.conv(x)))
        y = F.adaptive_avg_pool2d(F.max_pool2d(y, 2), (1, 1)).flatten(1)
        return self.fc(y)


def get_inputs():
    return [torch.rand(N, 3, S, S)]


def get_init_inputs():
    return []
