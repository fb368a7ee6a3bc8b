# A transformer encoder block, pre-norm: x + MHA(LN(x)), then + MLP(LN(.)).
# Sequence 4, model width 8, 2 heads of 4, MLP hidden 16, batch 1.
import math

import torch
import torch.nn as nn

S, D, HEADS, HID = 4, 8, 2, 16


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln1 = nn.LayerNorm(D)
        self.qkv = nn.Linear(D, 3 * D)
        self.proj = nn.Linear(D, D)
        self.ln2 = nn.LayerNorm(D)
        self.fc1 = nn.Linear(D, HID)
        self.fc2 = nn.Linear(HID, D)

    def forward(self, x):
        h = self.ln1(x)
        q, k, v = self.qkv(h).split(D, dim=-1)
        dh = D // HEADS
        q = q.reshape(S, HEADS, dh).transpose(0, 1)
        k = k.reshape(S, HEADS, dh).transpose(0, 1)
        v = v.reshape(S, HEADS, dh).transpose(0, 1)
        att = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(dh), dim=-1)
        o = (att @ v).transpose(0, 1).reshape(S, D)
        x = x + self.proj(o)
        return x + self.fc2(torch.relu(self.fc1(self.ln2(x))))


def get_inputs():
    return [torch.randn(S, D)]


def get_init_inputs():
    return []
