import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-head self-attention; its scale 1/sqrt(embed_dim / num_heads)
    is exact in f32 at some head sizes and not at others."""

    def __init__(self, embed_dim, num_heads):
        super(Model, self).__init__()
        self.attn = nn.MultiheadAttention(embed_dim, num_heads)

    def forward(self, x):
        out, _ = self.attn(x, x, x)
        return out


embed_dim = 128
num_heads = 4
seq_len = 512
batch_size = 2


def get_inputs():
    return [torch.rand(seq_len, batch_size, embed_dim)]


def get_init_inputs():
    return [embed_dim, num_heads]
