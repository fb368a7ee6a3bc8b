"""solar_imp: framework -> linalg-on-tensors exporters for `solar import`."""
