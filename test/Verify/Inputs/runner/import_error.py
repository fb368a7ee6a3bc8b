import torch
import solar_no_such_module  # noqa: F401


class Model(torch.nn.Module):
    pass
