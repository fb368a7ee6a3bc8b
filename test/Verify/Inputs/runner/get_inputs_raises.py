import torch

N = 4


class Model(torch.nn.Module):
    def forward(self, x):
        return x * 2


def get_inputs():
    raise ValueError(f"no inputs for N={N}")


def get_init_inputs():
    return []
