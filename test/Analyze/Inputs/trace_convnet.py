# conv + BatchNorm + ReLU + Linear + softmax in the KernelBench convention:
# the CPU program whose profiler trace trace-cpu.test records and attributes.
import torch
import torch.nn as nn

BATCH = 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3, padding=1)
        self.bn = nn.BatchNorm2d(8)
        self.fc = nn.Linear(8 * 16 * 16, 10)

    def forward(self, x):
        x = torch.relu(self.bn(self.conv(x)))
        x = self.fc(x.flatten(1))
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(BATCH, 3, 16, 16)]


def get_init_inputs():
    return []
