# The MLP of mlp.py with AlphaDropout(0.5) after the ReLU: a random draw a
# training step does not take as an argument (only F.dropout's masks are;
# test/Import/train_dropout.test).
import torch
B, IN, HID, OUT = 2, 8, 16, 4
class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(IN, HID)
        self.drop = torch.nn.AlphaDropout(0.5)
        self.fc2 = torch.nn.Linear(HID, OUT)
    def forward(self, x):
        return self.fc2(self.drop(torch.relu(self.fc1(x))))
def get_inputs():
    return [torch.randn(B, IN)]
