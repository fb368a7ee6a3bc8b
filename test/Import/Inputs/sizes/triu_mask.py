# Upper-triangular part of a scaled, causally masked score tensor: a mask
# made in forward() (torch.ones(...).triu), masked_fill, then tril. Both
# triu and tril decompose into aranges and a compare; exported on meta
# tensors at full size, those carry device=meta.
import torch
import torch.nn as nn

B, S = 64, 256


class Model(nn.Module):
    def forward(self, x):
        mask = torch.ones(S, S, dtype=torch.bool).triu(diagonal=1)
        return torch.tril(x.masked_fill(mask, 0.0) * 2.0, diagonal=-1)


def get_inputs():
    return [torch.randn(B, S, S)]


def get_init_inputs():
    return []
