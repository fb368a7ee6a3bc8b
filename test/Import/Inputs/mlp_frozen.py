# Linear(8 -> 16) frozen (requires_grad=False), ReLU, Linear(16 -> 4), batch
# 2: a training step updates the last layer only.
import torch
import torch.nn as nn

B, IN, HID, OUT = 2, 8, 16, 4


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(IN, HID).requires_grad_(False),
                                    nn.ReLU(), nn.Linear(HID, OUT))

    def forward(self, x):
        return self.layers(x)


def get_inputs():
    return [torch.randn(B, IN)]
