# Linear(8 -> 16), frozen (requires_grad=False), + ReLU + Linear(16 -> 4),
# batch 2: a training step updates fc2 only.
import torch
import torch.nn as nn

B, IN, HID, OUT = 2, 8, 16, 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(IN, HID)
        self.fc1.requires_grad_(False)
        self.fc2 = nn.Linear(HID, OUT)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def get_inputs():
    return [torch.randn(B, IN)]


def get_init_inputs():
    return []
