#!/usr/bin/env python3
"""Writes the network-shaped PyTorch programs of bench/model_zoo.sh.

Each program follows the KernelBench convention the importer reads
(`Model`, `get_inputs`, `get_init_inputs`; docs/importers.md) and is written
here from scratch (no torchvision), at the full size of the network it is
shaped like, batch 1:

    resnet18     ResNet-18: 7x7 stem, 4 stages of 2 basic blocks, 224x224
    mobilenetv2  MobileNetV2: 17 inverted residual blocks, ReLU6, 224x224
    vit          ViT-B/16 encoder: 12 pre-norm blocks, width 768, 197 tokens
    lstm         2-layer LSTM, hidden 512, unrolled over 64 steps
    gpt2         GPT-2 small: 12 causal blocks, width 768, sequence 1024
    unet         U-Net: 4 down / 4 up levels from 64 channels, 256x256
    gpt2_xK      K GPT-2 blocks (width 256, sequence 128): the scaling curve

    bench/model_zoo.py OUTDIR [--blocks 1,2,4,8,16]
"""
import argparse
import os

HEADER = "import math\n\nimport torch\nimport torch.nn as nn\n\n"

RESNET18 = HEADER + '''
class Basic(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.c1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.b1 = nn.BatchNorm2d(cout)
        self.c2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.b2 = nn.BatchNorm2d(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                      nn.BatchNorm2d(cout))

    def forward(self, x):
        y = torch.relu(self.b1(self.c1(x)))
        y = self.b2(self.c2(y))
        return torch.relu(y + (self.down(x) if self.down is not None else x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 64, 7, 2, 3, bias=False),
                                  nn.BatchNorm2d(64), nn.ReLU(),
                                  nn.MaxPool2d(3, 2, 1))
        blocks, cin = [], 64
        for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            blocks += [Basic(cin, cout, stride), Basic(cout, cout, 1)]
            cin = cout
        self.blocks = nn.Sequential(*blocks)
        self.fc = nn.Linear(512, 1000)

    def forward(self, x):
        y = self.blocks(self.stem(x))
        return self.fc(y.mean(dim=(2, 3)))


def get_inputs():
    return [torch.randn(1, 3, 224, 224)]


def get_init_inputs():
    return []
'''

MOBILENETV2 = HEADER + '''
def conv_bn(cin, cout, k, stride, groups=1, act=True):
    layers = [nn.Conv2d(cin, cout, k, stride, k // 2, groups=groups, bias=False),
              nn.BatchNorm2d(cout)]
    if act:
        layers.append(nn.ReLU6())
    return layers


class Inverted(nn.Module):
    def __init__(self, cin, cout, stride, expand):
        super().__init__()
        hidden = cin * expand
        layers = conv_bn(cin, hidden, 1, 1) if expand != 1 else []
        layers += conv_bn(hidden, hidden, 3, stride, groups=hidden)
        layers += conv_bn(hidden, cout, 1, 1, act=False)
        self.body = nn.Sequential(*layers)
        self.residual = stride == 1 and cin == cout

    def forward(self, x):
        y = self.body(x)
        return x + y if self.residual else y


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        layers, cin = conv_bn(3, 32, 3, 2), 32
        for t, c, n, s in ((1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2),
                           (6, 64, 4, 2), (6, 96, 3, 1), (6, 160, 3, 2),
                           (6, 320, 1, 1)):
            for i in range(n):
                layers.append(Inverted(cin, c, s if i == 0 else 1, t))
                cin = c
        layers += conv_bn(cin, 1280, 1, 1)
        self.features = nn.Sequential(*layers)
        self.fc = nn.Linear(1280, 1000)

    def forward(self, x):
        return self.fc(self.features(x).mean(dim=(2, 3)))


def get_inputs():
    return [torch.randn(1, 3, 224, 224)]


def get_init_inputs():
    return []
'''

# One pre-norm transformer block, shared by the ViT and GPT-2 programs.
BLOCK = '''
class Block(nn.Module):
    def __init__(self, width, heads, seq, causal):
        super().__init__()
        self.width, self.heads, self.seq = width, heads, seq
        self.ln1 = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.ln2 = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, 4 * width)
        self.fc2 = nn.Linear(4 * width, width)
        self.causal = causal
        if causal:
            # Additive, in float32: masked_fill with a Python -inf becomes
            # an f64 literal that torch-mlir cannot lower to linalg.
            self.register_buffer(
                "mask", torch.full((seq, seq), float("-inf")).triu(1))

    def forward(self, x):
        s, d, h = self.seq, self.width, self.heads
        dh = d // h
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q = q.reshape(s, h, dh).transpose(0, 1)
        k = k.reshape(s, h, dh).transpose(0, 1)
        v = v.reshape(s, h, dh).transpose(0, 1)
        att = q @ k.transpose(1, 2) / math.sqrt(dh)
        if self.causal:
            att = att + self.mask
        o = (torch.softmax(att, dim=-1) @ v).transpose(0, 1).reshape(s, d)
        x = x + self.proj(o)
        return x + self.fc2(torch.nn.functional.gelu(self.fc1(self.ln2(x))))
'''

VIT = HEADER + BLOCK + '''

class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.patch = nn.Conv2d(3, 768, 16, 16)
        self.cls = nn.Parameter(torch.randn(1, 768) * 0.02)
        self.pos = nn.Parameter(torch.randn(197, 768) * 0.02)
        self.blocks = nn.Sequential(*[Block(768, 12, 197, False)
                                      for _ in range(12)])
        self.ln = nn.LayerNorm(768)
        self.head = nn.Linear(768, 1000)

    def forward(self, x):
        tokens = self.patch(x).reshape(768, 196).transpose(0, 1)
        y = torch.cat([self.cls, tokens], dim=0) + self.pos
        y = self.ln(self.blocks(y))
        return self.head(y[0:1])


def get_inputs():
    return [torch.randn(1, 3, 224, 224)]


def get_init_inputs():
    return []
'''

GPT2 = HEADER + BLOCK + '''
LAYERS, WIDTH, HEADS, SEQ = {layers}, {width}, {heads}, {seq}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(*[Block(WIDTH, HEADS, SEQ, True)
                                      for _ in range(LAYERS)])
        self.ln = nn.LayerNorm(WIDTH)

    def forward(self, x):
        return self.ln(self.blocks(x))


def get_inputs():
    return [torch.randn(SEQ, WIDTH)]


def get_init_inputs():
    return []
'''

LSTM = HEADER + '''
LAYERS, HIDDEN, STEPS = 2, 512, 64


class Cell(nn.Module):
    def __init__(self, inputs, hidden):
        super().__init__()
        self.x = nn.Linear(inputs, 4 * hidden)
        self.h = nn.Linear(hidden, 4 * hidden, bias=False)

    def forward(self, x, h, c):
        i, f, g, o = (self.x(x) + self.h(h)).chunk(4, dim=-1)
        c = torch.sigmoid(f) * c + torch.sigmoid(i) * torch.tanh(g)
        return torch.sigmoid(o) * torch.tanh(c), c


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.cells = nn.ModuleList([Cell(HIDDEN, HIDDEN) for _ in range(LAYERS)])

    def forward(self, xs, h0, c0):
        hs = [h0[layer:layer + 1] for layer in range(LAYERS)]
        cs = [c0[layer:layer + 1] for layer in range(LAYERS)]
        outs = []
        for t in range(STEPS):
            y = xs[t:t + 1]
            for layer, cell in enumerate(self.cells):
                hs[layer], cs[layer] = cell(y, hs[layer], cs[layer])
                y = hs[layer]
            outs.append(y)
        return torch.cat(outs, dim=0)


def get_inputs():
    return [torch.randn(STEPS, HIDDEN), torch.randn(LAYERS, HIDDEN),
            torch.randn(LAYERS, HIDDEN)]


def get_init_inputs():
    return []
'''

UNET = HEADER + '''
def double_conv(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, 1, 1, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU(),
                         nn.Conv2d(cout, cout, 3, 1, 1, bias=False),
                         nn.BatchNorm2d(cout), nn.ReLU())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        widths = (64, 128, 256, 512)
        self.down, cin = nn.ModuleList(), 3
        for w in widths:
            self.down.append(double_conv(cin, w))
            cin = w
        self.bottom = double_conv(512, 1024)
        self.ups, self.up_convs, cin = nn.ModuleList(), nn.ModuleList(), 1024
        for w in reversed(widths):
            self.ups.append(nn.ConvTranspose2d(cin, w, 2, 2))
            self.up_convs.append(double_conv(2 * w, w))
            cin = w
        self.out = nn.Conv2d(64, 2, 1)

    def forward(self, x):
        skips = []
        for block in self.down:
            x = block(x)
            skips.append(x)
            x = torch.max_pool2d(x, 2)
        x = self.bottom(x)
        for up, conv, skip in zip(self.ups, self.up_convs, reversed(skips)):
            x = conv(torch.cat([skip, up(x)], dim=1))
        return self.out(x)


def get_inputs():
    return [torch.randn(1, 3, 256, 256)]


def get_init_inputs():
    return []
'''


def programs(blocks):
    yield "resnet18", RESNET18
    yield "mobilenetv2", MOBILENETV2
    yield "vit", VIT
    yield "lstm", LSTM
    yield "gpt2", GPT2.format(layers=12, width=768, heads=12, seq=1024)
    yield "unet", UNET
    for k in blocks:
        yield f"gpt2_x{k}", GPT2.format(layers=k, width=256, heads=4, seq=128)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("outdir")
    parser.add_argument("--blocks", default="1,2,4,8,16")
    args = parser.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    blocks = [int(k) for k in args.blocks.split(",") if k]
    for name, text in programs(blocks):
        path = os.path.join(args.outdir, name + ".py")
        # Rewritten only when changed, so the importer's cache stays valid.
        if os.path.exists(path) and open(path).read() == text:
            continue
        with open(path, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
