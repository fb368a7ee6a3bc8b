"""solar's flops_counter (FlopCounterMode's conventions) beside
torch.utils.flop_counter.FlopCounterMode itself, module by module, through
solar.analyze: one line per module with FlopCounterMode's count, solar's
flops_counter, flops_lowered and necessary flops."""
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.flop_counter import FlopCounterMode

import solar


class Bmm(nn.Module):
    def forward(self, a, b):
        return torch.bmm(a, b)


class Sdpa(nn.Module):
    def __init__(self, causal):
        super().__init__()
        self.causal = causal

    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v, is_causal=self.causal)


def r(*shape):
    return torch.randn(*shape)


MODULES = {
    "linear": (lambda: nn.Linear(32, 16), [r(4, 32)]),
    "bmm": (Bmm, [r(2, 8, 16), r(2, 16, 4)]),
    "conv2d_strided": (lambda: nn.Conv2d(4, 8, 3, stride=2, padding=1),
                       [r(1, 4, 8, 8)]),
    "conv2d_grouped": (lambda: nn.Conv2d(8, 8, 3, padding=1, groups=4),
                       [r(1, 8, 6, 6)]),
    "conv_transpose2d_s2p1": (lambda: nn.ConvTranspose2d(4, 4, 4, stride=2,
                                                          padding=1),
                              [r(1, 4, 4, 4)]),
    "conv_transpose2d_s1": (lambda: nn.ConvTranspose2d(4, 4, 3),
                            [r(1, 4, 4, 4)]),
    # The same loops as conv_transpose2d_s1 once lowered (a stride-1
    # transposed conv is this conv with its weights flipped).
    "conv2d_pad2": (lambda: nn.Conv2d(4, 4, 3, padding=2), [r(1, 4, 4, 4)]),
    "sdpa": (lambda: Sdpa(False), [r(1, 2, 8, 16)] * 3),
    "sdpa_causal": (lambda: Sdpa(True), [r(1, 2, 8, 16)] * 3),
    "layernorm": (lambda: nn.LayerNorm(16), [r(4, 16)]),
    "batchnorm2d": (lambda: nn.BatchNorm2d(4), [r(2, 4, 4, 4)]),
    "maxpool2d": (lambda: nn.MaxPool2d(2), [r(1, 4, 8, 8)]),
    "avgpool2d": (lambda: nn.AvgPool2d(2), [r(1, 4, 8, 8)]),
    "gelu": (nn.GELU, [r(4, 16)]),
}


def flop_counter_mode(module, inputs):
    with FlopCounterMode(display=False) as counter:
        module(*inputs)
    return counter.get_total_flops()


torch.manual_seed(0)
for name in sys.argv[1:] or MODULES:
    make, inputs = MODULES[name]
    module = make().eval()
    counted = flop_counter_mode(module, inputs)
    f = solar.analyze(module, inputs, arch="H100_SXM").function
    same = "same" if f.flops_counter == counted else "differs"
    print(f"{name} FlopCounterMode {counted} flops_counter "
          f"{f.flops_counter:.0f} {same} lowered {f.flops_lowered:.0f} "
          f"necessary {f.flops:.0f}", flush=True)
