# Causally masked softmax over attention scores: the mask is made in
# forward() with tril (KernelBench level-3 style).
import torch
import torch.nn as nn

batch_size, heads, seq_len = 16, 12, 1024


class Model(nn.Module):
    def forward(self, scores):
        T = scores.size(-1)
        mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
        return torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)


def get_inputs():
    return [torch.randn(batch_size, heads, seq_len, seq_len)]


def get_init_inputs():
    return []
