# KernelBench-style elementwise add of two ROWS x COLS fp32 tensors. Sized
# well above the on-chip caches (3 x 32 MiB moved) so that a warm, repeated
# reference run cannot be served from cache and the DRAM-bound SOL applies.
import torch
import torch.nn as nn

ROWS = 4096
COLS = 2048


class Model(nn.Module):
    def forward(self, x, y):
        return x + y


def get_inputs():
    return [torch.randn(ROWS, COLS), torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
