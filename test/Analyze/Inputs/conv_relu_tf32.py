# A compute-bound 3x3 convolution with a bias and a ReLU epilogue in fp32
# under torch's default TF32-for-convolutions policy
# (test/Analyze/roofline.test): its roofline point sits on the TF32
# tensor-core roof, far above the CUDA-core fp32 roof.
import torch
import torch.nn as nn

torch.backends.cudnn.allow_tf32 = True


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(128, 128, 3, padding=1)

    def forward(self, x):
        return torch.relu(self.conv(x))


def get_inputs():
    return [torch.randn(8, 128, 32, 32)]


def get_init_inputs():
    return []
