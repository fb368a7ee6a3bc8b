# Attention over a class token and one projected token (a CvT-style
# encoder input: two tokens whatever the sizes). Its head dim shrinks with
# embed_dim; where it reaches 2, the token count, the attention scores
# (B, H, 2, 2) have the queries' shape, and lowering's CSE shares their
# zero-filled accumulators: one fill and a copy where the full size has
# two fills. The shape signature (ops, output ranks, dims of 1) cannot see
# that; the structure check after export does.
import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 262144
embed_dim = 128
num_heads = 4


class Model(nn.Module):
    def __init__(self, embed_dim, num_heads):
        super().__init__()
        self.heads = num_heads
        self.cls_token = nn.Parameter(torch.randn(1, 1, embed_dim))
        self.qkv = nn.Linear(embed_dim, 3 * embed_dim)

    def forward(self, x):
        b, e = x.shape
        tokens = torch.cat((self.cls_token.expand(b, -1, -1),
                            x.unsqueeze(1)), dim=1)
        q, k, v = self.qkv(tokens).view(b, 2, 3, self.heads,
                                        e // self.heads).permute(2, 0, 3, 1, 4)
        out = F.scaled_dot_product_attention(q, k, v)
        return out.transpose(1, 2).reshape(b, 2 * e)


def get_inputs():
    return [torch.randn(batch_size, embed_dim)]


def get_init_inputs():
    return [embed_dim, num_heads]
