"""How test/Pipeline/Inputs/{torch,iree}-mlp.mlir were made (not run by the
tests: importing torch takes ~20 s).

  python3 gen_torch_mlp.py > torch-mlp.mlir
  iree-compile --compile-to=input --mlir-print-op-generic torch-mlp.mlir \
      -o iree-mlp.mlir
"""
import torch
from torch_mlir import fx
from torch_mlir.compiler_utils import OutputType

class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(16, 32, bias=False)
    def forward(self, x):
        return torch.relu(self.fc(x))

torch.manual_seed(0)
m = fx.export_and_import(MLP(), torch.randn(8, 16), output_type=OutputType.LINALG_ON_TENSORS, func_name="mlp")
print(m)
