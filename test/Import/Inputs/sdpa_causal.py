# Causal scaled dot-product attention: batch 1, 2 heads, S = 4, head dim 8.
import torch
import torch.nn as nn
import torch.nn.functional as F

B, HEADS, S, DH = 1, 2, 4, 8


class Model(nn.Module):
    def forward(self, q, k, v):
        return F.scaled_dot_product_attention(q, k, v, is_causal=True)


def get_inputs():
    return [torch.randn(B, HEADS, S, DH) for _ in range(3)]


def get_init_inputs():
    return []
