# tanh(A @ B) as a JAX function (full size).
import jax
import jax.numpy as jnp

M, K, N = 1024, 2048, 1024


def forward(a, b):
    return jnp.tanh(a @ b)


def get_inputs(key):
    ka, kb = jax.random.split(key)
    return [jax.random.normal(ka, (M, K), jnp.float32),
            jax.random.normal(kb, (K, N), jnp.float32)]
