# Conv2d(3 -> 4, 3x3, padding 1, no bias) + BatchNorm2d(4) (eval) + ReLU
# on a 1x3x6x6 input.
import torch
import torch.nn as nn

N, C, K, H, W = 1, 3, 4, 6, 6


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(C, K, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(K)
        # Non-trivial running statistics, so eval mode is really exercised.
        with torch.no_grad():
            self.bn.running_mean.uniform_(-0.5, 0.5)
            self.bn.running_var.uniform_(0.5, 1.5)

    def forward(self, x):
        return torch.relu(self.bn(self.conv(x)))


def get_inputs():
    return [torch.randn(N, C, H, W)]


def get_init_inputs():
    return []
