# PyTorch reference: LayerNorm over the last dimension with weight and bias.
import torch
import torch.nn as nn

ROWS = 4
FEATURES = 8


class Model(nn.Module):
    def __init__(self, features):
        super().__init__()
        self.ln = nn.LayerNorm(features, eps=1e-5)
        # The defaults (weight 1, bias 0) would let a translation that drops
        # the affine part verify; random values make both count.
        with torch.no_grad():
            self.ln.weight.normal_()
            self.ln.bias.normal_()

    def forward(self, x):
        return self.ln(x)


def get_inputs():
    return [2.0 * torch.randn(ROWS, FEATURES) + 1.0]


def get_init_inputs():
    return [FEATURES]
