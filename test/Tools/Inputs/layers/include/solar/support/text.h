/* Fixture for layer-check.test: a support header (the first layer). */
