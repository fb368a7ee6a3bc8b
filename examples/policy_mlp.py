# A robotics-style MLP policy at batch 1: observation (OBS) -> 256 -> 256 ->
# actions (ACT), ReLU between layers and tanh on the actions. Latency-bound:
# one observation per control step.
import torch
import torch.nn as nn

OBS = 64
HIDDEN = 256
ACT = 12


class Model(nn.Module):
    def __init__(self, obs, hidden, act):
        super().__init__()
        self.fc1 = nn.Linear(obs, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, act)

    def forward(self, obs):
        h = torch.relu(self.fc1(obs))
        h = torch.relu(self.fc2(h))
        return torch.tanh(self.fc3(h))


def get_inputs():
    return [torch.randn(1, OBS)]


def get_init_inputs():
    return [OBS, HIDDEN, ACT]
