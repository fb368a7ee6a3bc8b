# Linear(8 -> 16) + ReLU + Linear(16 -> 4), batch 2.
import torch
import torch.nn as nn

B, IN, HID, OUT = 2, 8, 16, 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(IN, HID)
        self.fc2 = nn.Linear(HID, OUT)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def get_inputs():
    return [torch.randn(B, IN)]


def get_init_inputs():
    return []
