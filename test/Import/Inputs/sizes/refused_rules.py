"""sizes.choose after the structure check refused sizes (refused_sizes),
on a made-up program (no torch): two slots a = b = 2048, no flop, a*b
elements, the same ops at every size. Run once per set of refusals given
as JSON lists on the command line, each a JSON list of override dicts."""
import json
import sys

from solar_imp import sizes

FULL = {"a": 2048, "b": 2048}


def cost_of(overrides, expect=None):
    v = dict(FULL, **overrides)
    return 0.0, float(v["a"] * v["b"]), [("inputs", ((2, 2),))], \
        (((v["a"], v["b"]),), ())


for refused in sys.argv[1:]:
    print(sizes.choose(dict(FULL), cost_of, lambda text: print(text),
                       json.loads(refused)))
sys.stdout.flush()
