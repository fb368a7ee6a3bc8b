"""check_dropout_jax.py STEP.json P0.json MASK.npy: the differences of a
Dense -> Dropout -> Dense step's input-independent figures from the same
model's without dropout (train_dropout_jax.test), and the mask's values."""
import json
import sys

import numpy

step, p0 = (json.load(open(p))["functions"][0] for p in sys.argv[1:3])
phases, base = step["phases"], p0["phases"]
for name in ("forward", "backward"):
    ops, ops0 = phases[name]["ops"], base[name]["ops"]
    print(f"{name}: flops +{phases[name]['flops'] - base[name]['flops']}, "
          f"mul +{ops.get('mul', 0) - ops0.get('mul', 0)}, mac {ops['mac']} = "
          f"{ops0['mac']}: {ops['mac'] == ops0['mac']}")
print(f"ideal bytes +{step['bytes']['ideal'] - p0['bytes']['ideal']}")
print(f"mask values: {sorted(float(v) for v in numpy.unique(numpy.load(sys.argv[3])))}")
