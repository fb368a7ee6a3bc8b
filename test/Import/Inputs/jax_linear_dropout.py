# Flax Dense(8 -> 16) -> Dropout(RATE) -> Dense(16 -> 4), batch 2: a
# training step whose dropout mask is an argument drawn from the seed
# (test/Import/train_dropout_jax.test; jax_linear_dropout_p0.py is the same
# model at rate 0, where Dropout is the identity).
import flax.linen as nn
import jax
import jax.numpy as jnp

B, IN, HID, OUT, RATE = 2, 8, 16, 4, 0.5


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(HID)(x)
        h = nn.Dropout(RATE, deterministic=False)(h)
        return nn.Dense(OUT)(h)


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (B, IN), jnp.float32)]
