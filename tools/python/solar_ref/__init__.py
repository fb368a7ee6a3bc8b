"""solar_ref: the framework side of solar's verification (docs/verification.md)."""

MANIFEST_VERSION = 1
