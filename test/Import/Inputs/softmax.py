# torch.softmax over the rows of a 64x4096 fp32 matrix: one eager kernel,
# which torch-mlir lowers to four loop nests (max/argmax, x - max, exp and
# sum, divide).
import torch
import torch.nn as nn

B, N = 64, 4096


class Model(nn.Module):
    def forward(self, x):
        return torch.softmax(x, dim=1)


def get_inputs():
    return [torch.randn(B, N)]


def get_init_inputs():
    return []
