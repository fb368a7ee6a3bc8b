"""A Hugging Face model built from a tiny config (random weights, nothing
downloaded; the configs of bench/hf_models.py) through solar.analyze, its
flops_counter beside FlopCounterMode's count of the same model.

    hf_model.py NAME     (NAME: a key of bench/hf_models.py's MODELS)"""
import os
import sys

import torch
from torch.utils.flop_counter import FlopCounterMode

sys.path.insert(0, os.path.join(os.environ["SOLAR_SRC"], "bench"))
import hf_models  # noqa: E402  (the one place the configs are written)
import solar  # noqa: E402

torch.manual_seed(0)
model, inputs = hf_models.MODELS[sys.argv[1]]()
model = model.eval()
with FlopCounterMode(display=False) as counter:
    model(*inputs)
f = solar.analyze(model, inputs, arch="H100_SXM").function
print(f"verified {f.verified} function {f.name}")
print(f"flops_counter {f.flops_counter:.0f} FlopCounterMode "
      f"{counter.get_total_flops()}")
print(f"necessary <= lowered {f.flops <= f.flops_lowered}")
print(f"groups {len(f.groups) > 0} bound {f.bound.cache}")
