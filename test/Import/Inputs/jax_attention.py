# Single-head scaled dot-product attention as a plain JAX function:
# softmax(q k^T / sqrt(d)) v with sequence 4 and head size 8.
import math

import jax
import jax.numpy as jnp

S, D = 4, 8


def forward(q, k, v):
    scores = q @ k.T / math.sqrt(D)
    return jax.nn.softmax(scores, axis=-1) @ v


def get_inputs(key):
    kq, kk, kv = jax.random.split(key, 3)
    return [jax.random.normal(kq, (S, D)), jax.random.normal(kk, (S, D)),
            jax.random.normal(kv, (S, D))]
