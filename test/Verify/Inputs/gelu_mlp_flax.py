# Flax reference with the sizes of gelu_mlp_torch.py:
# Dense(HIDDEN) -> gelu (tanh approximation, Flax's default) -> Dense(OUT).
import flax.linen as nn
import jax
import jax.numpy as jnp

BATCH = 4
IN = 8
HIDDEN = 16
OUT = 4


class Model(nn.Module):
    hidden: int
    out: int

    @nn.compact
    def __call__(self, x):
        h = nn.gelu(nn.Dense(self.hidden)(x), approximate=True)
        return nn.Dense(self.out)(h)


def get_inputs(key):
    return [jax.random.normal(key, (BATCH, IN), dtype=jnp.float32)]


def get_init_inputs():
    return [HIDDEN, OUT]
