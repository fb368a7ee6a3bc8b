# Linear(4 -> 4) with zero weights and bias, batch 2: a training step with
# --loss cross_entropy (test/Import/train_cross_entropy.test). Zero
# parameters make the logits 0, so the loss is ln 4 whatever the targets.
import torch

N, IN, C = 2, 4, 4


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(IN, C)
        torch.nn.init.zeros_(self.fc.weight)
        torch.nn.init.zeros_(self.fc.bias)

    def forward(self, x):
        return self.fc(x)


def get_inputs():
    return [torch.randn(N, IN)]
