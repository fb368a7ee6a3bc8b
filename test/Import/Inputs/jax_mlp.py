# Flax MLP: Dense(8 -> 16) + ReLU + Dense(16 -> 4), batch 2 (the same shape
# as mlp.py).
import flax.linen as nn
import jax

B, IN, HID, OUT = 2, 8, 16, 4


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(OUT)(nn.relu(nn.Dense(HID)(x)))


def get_inputs(key):
    return [jax.random.normal(key, (B, IN))]
