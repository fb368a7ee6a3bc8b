# N is overridable; M derives from it; the scalar argument `scale` is a
# Python float (recorded as a 0-d f64) and `count` a Python int (0-d i64).
import torch

N = 16
M = N * 2


class Model(torch.nn.Module):
    def forward(self, x, scale, count):
        return x * scale + count


def get_inputs():
    return [torch.arange(M, dtype=torch.float32), 0.5, 3]


def get_init_inputs():
    return []
