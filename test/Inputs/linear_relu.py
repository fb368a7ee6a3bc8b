# A tiny KernelBench-style PyTorch program shared by the translate, verify
# and analyze tests (test/LLM, test/Verify, test/Analyze):
# y = relu(x @ W^T + b), x: [4, 8], W: [4, 8], b: [4].
import torch
import torch.nn as nn

BATCH = 4
IN_FEATURES = 8
OUT_FEATURES = 4


class Model(nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.fc = nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.fc(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
