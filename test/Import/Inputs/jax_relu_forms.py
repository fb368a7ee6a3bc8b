# Flax Dense(4 -> 8) + a ReLU written in one of the forms whose mask
# `--mask-zeros` does not tie to the IR (test/Import/train_mask_zeros_jax.test;
# tools/python/solar_ref/jax_mask_zeros.py), chosen by FORM (--override):
#   "maximum": jnp.maximum(h, 0), whose gradient multiplies by a mask
#              (1/2 at ties);
#   "where":   jnp.where(h > 0, h, 0), a select of jnp.where's own function;
#   "nested":  jax.nn.relu called inside a jitted helper of the program,
#              not in the step's own function;
#   "relu":    jax.nn.relu itself (the supported form).
# Then Dense(8 -> 2), batch 2.
import flax.linen as nn
import jax
import jax.numpy as jnp

B, IN, HID, OUT = 2, 4, 8, 2
FORM = "maximum"


@jax.jit
def doubled_relu(h):
    return 2.0 * jax.nn.relu(h)


def activation(h):
    if FORM == "maximum":
        return jnp.maximum(h, 0.0)
    if FORM == "where":
        return jnp.where(h > 0, h, 0.0)
    if FORM == "nested":
        return doubled_relu(h)
    return jax.nn.relu(h)


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(OUT)(activation(nn.Dense(HID)(x)))


def get_inputs(key):
    return [jax.random.normal(key, (B, IN))]
