# A program whose loading costs a known amount of CPU time: its module
# spins for 1.5 CPU seconds (time.process_time, so machine load changes the
# wall time, not the count). The import and the reference each load it.
import time

import torch

_start = time.process_time()
while time.process_time() - _start < 1.5:
    pass


class Model(torch.nn.Module):
    def forward(self, x):
        return x + 1.0


def get_inputs():
    return [torch.ones(8)]


def get_init_inputs():
    return []
