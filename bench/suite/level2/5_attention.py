# attention (KernelBench style, full size).
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size, heads, seq_len, head_dim = 4, 8, 512, 64


class Model(nn.Module):
    def forward(self, q, k, v):
        s = torch.matmul(q, k.transpose(-2, -1)) / (head_dim ** 0.5)
        return torch.matmul(torch.softmax(s, dim=-1), v)


def get_inputs():
    return [torch.randn(batch_size, heads, seq_len, head_dim), torch.randn(batch_size, heads, seq_len, head_dim), torch.randn(batch_size, heads, seq_len, head_dim)]


def get_init_inputs():
    return []
