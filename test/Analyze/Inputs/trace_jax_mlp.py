"""A JAX MLP for the compiled-trace tests (test/Analyze/trace-jax.test):
linear + relu (a jit-wrapped call in jax.nn), linear, softmax."""
import jax
import jax.numpy as jnp


def forward(x, w1, b1, w2, b2):
    h = jax.nn.relu(x @ w1 + b1)
    return jax.nn.softmax(h @ w2 + b2, axis=-1)


def get_inputs(key):
    k = jax.random.split(key, 3)
    return [jax.random.normal(k[0], (64, 256)),
            jax.random.normal(k[1], (256, 512)) * 0.05, jnp.zeros((512,)),
            jax.random.normal(k[2], (512, 128)) * 0.05, jnp.zeros((128,))]
