# A small CNN (convolution, batch norm, pooling, a linear layer) at a size
# the size choice shrinks: an import with two sizes
# (import_server_warm_up.test).
import torch
import torch.nn as nn

N, C, S = 4, 8, 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(3, C, 3, padding=1, bias=False), nn.BatchNorm2d(C),
            nn.ReLU(), nn.MaxPool2d(2), nn.AdaptiveAvgPool2d(1),
            nn.Flatten())
        self.classifier = nn.Linear(C, 5)

    def forward(self, x):
        return self.classifier(self.features(x))


def get_inputs():
    return [torch.rand(N, 3, S, S)]


def get_init_inputs():
    return []
