# A JAX program in the function convention: out = tanh(x @ y) + 1.
import jax
import jax.numpy as jnp

M = 6
K = 5
N = 3


def forward(x, y):
    return jnp.tanh(x @ y) + 1.0


def get_inputs(key):
    kx, ky = jax.random.split(key)
    return [jax.random.normal(kx, (M, K), dtype=jnp.float32),
            jax.random.normal(ky, (K, N), dtype=jnp.float32)]
