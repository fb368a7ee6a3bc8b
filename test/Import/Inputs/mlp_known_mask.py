# Linear(4 -> 8) + ReLU + Linear(8 -> 2), batch 2, whose ReLU mask is known
# by construction (test/Import/train_mask_zeros.test): the input is all
# ones, fc1's bias 0, its first 5 weight rows +0.1 and the last 3 -0.1, so
# the pre-activation is +0.4 in 5 of the 8 columns of each row and -0.4 in
# the other 3: the ReLU output has 2 * 3 = 6 zeros. fc2's weights are all
# +0.1 and its bias 0, so every output is 5 * 0.4 * 0.1 = 0.2; against the
# target 0 (get_targets) the mse gradient is 2 * 0.2 / 4 = 0.1 everywhere,
# the gradient reaching the ReLU 2 * 0.1 * 0.1 = 0.02 in every element, and
# threshold_backward's output is 0 exactly where the mask is: 6 zeros.
import torch
import torch.nn as nn

B, IN, HID, OUT = 2, 4, 8, 2
KEPT = 5


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(IN, HID)
        self.fc2 = nn.Linear(HID, OUT)
        with torch.no_grad():
            self.fc1.weight.fill_(0.1)
            self.fc1.weight[KEPT:].fill_(-0.1)
            self.fc1.bias.zero_()
            self.fc2.weight.fill_(0.1)
            self.fc2.bias.zero_()

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def get_inputs():
    return [torch.ones(B, IN)]


def get_targets():
    return [torch.zeros(B, OUT)]


def get_init_inputs():
    return []
