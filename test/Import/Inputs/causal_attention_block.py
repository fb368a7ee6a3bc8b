# A causal self-attention block: one head, the queries, keys and values
# projected from x by one Linear(16 -> 48, no bias); batch 1, S = 8.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, S, D = 1, 8, 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(D, 3 * D, bias=False)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def get_inputs():
    return [torch.randn(B, S, D)]
