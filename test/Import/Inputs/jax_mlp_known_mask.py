# Flax Dense(4 -> 8) + flax.linen.relu + Dense(8 -> 2), batch 2, whose ReLU
# mask is known by construction (test/Import/train_mask_zeros_jax.test),
# the JAX twin of mlp_known_mask.py: the input is all ones, the hidden
# layer's bias 0 and its kernel (IN x HID, Flax's layout) +0.1 in the first
# KEPT = 5 of its 8 columns and -0.1 in the other 3, so the pre-activation
# is +0.4 in 5 of the 8 columns of each row and -0.4 in the other 3: the
# ReLU output has 2 * 3 = 6 zeros. The output layer's kernel is all +0.1
# and its bias 0, so every output is 5 * 0.4 * 0.1 = 0.2; against the
# target 0 (get_targets) the mse gradient is 2 * 0.2 / 4 = 0.1 everywhere,
# the gradient reaching the ReLU 2 * 0.1 * 0.1 = 0.02 in every element, and
# the select_n of relu's gradient is 0 exactly where the mask is: 6 zeros.
import flax.linen as nn
import jax.numpy as jnp

B, IN, HID, OUT = 2, 4, 8, 2
KEPT = 5


def hidden_kernel(key, shape, dtype=jnp.float32):
    del key  # fixed by construction, not drawn
    return jnp.where(jnp.arange(shape[1]) < KEPT, 0.1, -0.1) * \
        jnp.ones(shape, dtype)


def constant_kernel(key, shape, dtype=jnp.float32):
    del key
    return jnp.full(shape, 0.1, dtype)


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        h = nn.Dense(HID, name="hidden", kernel_init=hidden_kernel,
                     bias_init=nn.initializers.zeros)(x)
        return nn.Dense(OUT, name="out", kernel_init=constant_kernel,
                        bias_init=nn.initializers.zeros)(nn.relu(h))


def get_inputs():
    return [jnp.ones((B, IN), jnp.float32)]


def get_targets():
    return [jnp.zeros((B, OUT), jnp.float32)]
