"""solar.analyze on a plain JAX function defined in this script."""
import jax
import jax.numpy as jnp

import solar


def layer(x, w):
    return jax.nn.relu(x @ w)


x = jax.random.normal(jax.random.PRNGKey(0), (2, 8))
w = jax.random.normal(jax.random.PRNGKey(1), (8, 4))
result = solar.analyze(layer, [x, w], arch="H100_SXM")
f = result.function
print(f"frontend {result.frontend} verified {f.verified} flops {f.flops}")
print(f"bytes fused {f.bytes.fused}")
