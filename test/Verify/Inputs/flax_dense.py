# A Flax program: y = relu(Dense(FEATURES)(x)).
import flax.linen as nn
import jax
import jax.numpy as jnp

BATCH = 4
IN = 8
FEATURES = 3


class Model(nn.Module):
    features: int

    @nn.compact
    def __call__(self, x):
        return nn.relu(nn.Dense(self.features)(x))


def get_inputs(key):
    return [jax.random.normal(key, (BATCH, IN), dtype=jnp.float32)]


def get_init_inputs():
    return [FEATURES]
