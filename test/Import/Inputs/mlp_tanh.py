# Linear(4 -> 8) + Tanh + Linear(8 -> 2), batch 2: a training step with no
# run-time mask (test/Import/train_mask_zeros.test).
import torch
import torch.nn as nn

B, IN, HID, OUT = 2, 4, 8, 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(IN, HID)
        self.fc2 = nn.Linear(HID, OUT)

    def forward(self, x):
        return self.fc2(torch.tanh(self.fc1(x)))


def get_inputs():
    return [torch.randn(B, IN)]


def get_init_inputs():
    return []
