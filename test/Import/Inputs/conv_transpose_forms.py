# The transposed-convolution forms of KernelBench level 2 #34 (3-D, kernel
# 4 > stride 2, padding 1), level 1 #72 (3-D, grouped, strided, padded,
# output_padding) and level 1 #75 (2-D, grouped, dilated, strided, padded),
# at small sizes, no bias (test/Import/conv_transpose_forms.test). FORM
# (the environment's CONV_TRANSPOSE_FORM) picks one.
import os

import torch
import torch.nn as nn

FORM = int(os.environ.get("CONV_TRANSPOSE_FORM", "0"))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        if FORM == 0:
            self.deconv = nn.ConvTranspose3d(2, 2, 4, stride=2, padding=1,
                                             bias=False)
        elif FORM == 1:
            self.deconv = nn.ConvTranspose3d(4, 4, 3, stride=2, padding=1,
                                             output_padding=1, groups=2,
                                             bias=False)
        else:
            self.deconv = nn.ConvTranspose2d(4, 4, (3, 5), stride=(2, 3),
                                             padding=(1, 2), dilation=(2, 1),
                                             groups=2, bias=False)

    def forward(self, x):
        return self.deconv(x)


def get_inputs():
    shape = [(1, 2, 3, 3, 3), (1, 4, 2, 2, 2), (1, 4, 3, 4)][FORM]
    return [torch.randn(*shape)]


def get_init_inputs():
    return []
