"""A Hugging Face GPT-2 built from a tiny config (random weights, nothing
downloaded) through solar.analyze, its flops_counter beside
FlopCounterMode's count of the same model."""
import torch
import transformers
from torch.utils.flop_counter import FlopCounterMode

import solar

torch.manual_seed(0)
config = transformers.GPT2Config(vocab_size=64, n_embd=32, n_layer=2, n_head=4,
                                 n_positions=32, bos_token_id=0,
                                 eos_token_id=0, return_dict=False,
                                 use_cache=False)
model = transformers.GPT2Model(config).eval()
ids = torch.randint(0, 64, (1, 8))
with FlopCounterMode(display=False) as counter:
    model(ids)
f = solar.analyze(model, [ids], arch="H100_SXM").function
print(f"verified {f.verified} function {f.name}")
print(f"flops_counter {f.flops_counter:.0f} FlopCounterMode "
      f"{counter.get_total_flops()}")
print(f"necessary <= lowered {f.flops <= f.flops_lowered}")
print(f"groups {len(f.groups) > 0} bound {f.bound.cache}")
