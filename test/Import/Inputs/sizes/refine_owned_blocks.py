"""sizes.choose on a made-up program (no torch) whose only shrinkable
slot is a count of repeated blocks, `layers = 32`, each block 1e7 flop.
With `shared` on the command line the blocks share one weight (an RNN's
steps); without it each block owns its weight (a ResNet stage's
bottlenecks), so fewer blocks leave fewer parameters, and the exported
function fewer arguments, which the structure check after export refuses.
Elements: a 64-element input and the weights."""
import sys

from solar_imp import sizes

SHARED = "shared" in sys.argv[1:]
FULL = {"layers": 32}


def cost_of(overrides, expect=None):
    v = dict(FULL, **overrides)
    signature = [("inputs", ((2, 2),)), ("embed", ((2, 2),))] + \
        [("block", ((2, 2),))] * v["layers"] + [("head", ((2,),))]
    inputs = ((8, 8),)
    state = ((8, 8),) * (1 if SHARED else v["layers"])
    return (1e7 * v["layers"], 64.0 + 64 * len(state), signature,
            (inputs, state))


print(sizes.choose(dict(FULL), cost_of, lambda text: print(text)))
