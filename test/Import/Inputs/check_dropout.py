"""check_dropout.py STEP.json P0.json MASK.npy [IN OUT]: the structure of a
Linear(IN -> HID) -> Dropout -> Linear(HID -> OUT) step's figures
(train_dropout.test). STEP.json: solar analyze --train --mask-zeros --json
of the step; P0.json: the same model at p = 0 (no dropout); MASK.npy: the
step's dropout mask as the reference drew it. Prints the differences of
the input-independent figures and whether the figures at these inputs
equal those computed here from the mask's zeros Z: forward fc2 skips Z *
OUT MACs; backward dW2 skips Z * OUT, dW1 Z * IN (dh = dh_drop * mask
holds the same Z zeros), fc1's bias gradient Z adds. Without IN and OUT
(a step run without --mask-zeros, as train_dropout_jax.test's), the
mask's distinct values instead."""
import json
import sys

import numpy

step, p0 = (json.load(open(p))["functions"][0] for p in sys.argv[1:3])
zeros = int((numpy.load(sys.argv[3]) == 0).sum())
IN, OUT = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 \
    else (None, None)
phases, base = step["phases"], p0["phases"]
for name in ("forward", "backward"):
    ops, ops0 = phases[name]["ops"], base[name]["ops"]
    print(f"{name}: flops +{phases[name]['flops'] - base[name]['flops']}, "
          f"mul +{ops.get('mul', 0) - ops0.get('mul', 0)}, mac {ops['mac']} = "
          f"{ops0['mac']}: {ops['mac'] == ops0['mac']}")
print(f"ideal bytes +{step['bytes']['ideal'] - p0['bytes']['ideal']}")
if IN is None:  # no --mask-zeros run: the mask's values instead
    print(f"mask values: "
          f"{sorted(float(v) for v in numpy.unique(numpy.load(sys.argv[3])))}")
    sys.exit(0)
at = phases["at_these_inputs"]
skipped = {"forward": zeros * OUT, "backward": zeros * OUT + zeros * IN}
for name in ("forward", "backward"):
    mac, general = at[name]["ops"]["mac"], phases[name]["ops"]["mac"]
    print(f"{name} at these inputs: mac = {name} mac - skipped by the "
          f"mask's zeros: {mac == general - skipped[name]}; lower: "
          f"{mac < general}")
adds = at["backward"]["ops"]["add"]
print(f"bias gradient adds = add - zeros: "
      f"{adds == phases['backward']['ops']['add'] - zeros}")
print(f"masks: {sorted(at['masks'])}; zeros = mask zeros: "
      f"{all(m['zeros'] == zeros for m in at['masks'].values())}")
