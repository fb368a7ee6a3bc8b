# A dozen modules as users write them (KernelBench convention), to hold
# solar's flop_counter against torch.utils.flop_counter.FlopCounterMode:
# what it counts (matmul, convolution, attention) and what it does not
# (bias, norms, pools, activations). Hand-derived counts in
# test/Analyze/flop-counter.test.
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 32)
        self.strided = nn.Conv2d(8, 16, 3, stride=2, padding=1)
        self.grouped = nn.Conv2d(8, 16, 3, padding=1, groups=4)
        self.up = nn.ConvTranspose2d(8, 4, 3, stride=2, padding=1,
                                     output_padding=1)
        self.norm = nn.LayerNorm(16)
        self.bn = nn.BatchNorm2d(8)
        self.pool = nn.MaxPool2d(2)

    def forward(self, x, image, q, a, b, c, w):
        return (F.gelu(self.fc(self.norm(x))),
                self.strided(image), self.grouped(image), self.up(image),
                self.pool(torch.relu(self.bn(image))),
                F.scaled_dot_product_attention(q, q, q),
                F.scaled_dot_product_attention(q, q, q, is_causal=True),
                torch.bmm(a, b), torch.softmax(torch.matmul(c, w), dim=-1))


def get_inputs():
    return [torch.randn(4, 16), torch.randn(2, 8, 16, 16),
            torch.randn(2, 4, 32, 16), torch.randn(3, 4, 5),
            torch.randn(3, 5, 6), torch.randn(2, 3, 4, 5), torch.randn(5, 6)]


def get_init_inputs():
    return []
