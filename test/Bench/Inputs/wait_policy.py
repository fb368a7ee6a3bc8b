# Prints the OpenMP wait policy its process runs with (import_server_threads.test).
import os

import torch

print(f"wait policy: {os.environ.get('OMP_WAIT_POLICY')}", flush=True)


class Model(torch.nn.Module):
    def forward(self, x):
        return x * 2


def get_inputs():
    return [torch.ones(4)]


def get_init_inputs():
    return []
