# A 3x3 convolution in fp32 whose program sets cuDNN's TF32 switch to
# True (test/Analyze/fp32-math.test): solar analyze reads the setting from
# the reference run and bounds the convolution accordingly.
import torch
import torch.nn as nn

torch.backends.cudnn.allow_tf32 = True


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 8, 3, bias=False)

    def forward(self, x):
        return self.conv(x)


def get_inputs():
    return [torch.randn(2, 4, 10, 10)]


def get_init_inputs():
    return []
