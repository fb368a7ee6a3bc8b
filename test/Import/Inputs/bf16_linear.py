# A bf16 nn.Linear (no bias), 256 x 1024 -> 1024, as mixed-precision
# training and inference run it. torch-mlir lowers it as a matmul with bf16
# operands into an f32 accumulator, then a truncf to bf16
# (test/Import/bf16_linear.test).
import torch
import torch.nn as nn

BATCH = 256
IN_FEATURES = 1024
OUT_FEATURES = 1024


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(IN_FEATURES, OUT_FEATURES, bias=False).to(torch.bfloat16)

    def forward(self, x):
        return self.fc(x)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES, dtype=torch.bfloat16)]


def get_init_inputs():
    return []
