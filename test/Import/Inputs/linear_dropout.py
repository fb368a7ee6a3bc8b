# Linear(8 -> 16) -> Dropout(0.5) -> Linear(16 -> 4), batch 2: a training
# step whose dropout mask is an argument drawn from the seed
# (test/Import/train_dropout.test; linear_dropout_p0.py is the same model
# at p = 0, where dropout is the identity).
import torch

B, IN, HID, OUT, P = 2, 8, 16, 4, 0.5


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(IN, HID)
        self.drop = torch.nn.Dropout(P)
        self.fc2 = torch.nn.Linear(HID, OUT)

    def forward(self, x):
        return self.fc2(self.drop(self.fc1(x)))


def get_inputs():
    return [torch.randn(B, IN)]
