"""sizes.choose on a made-up program (no torch): an image size of 64 the
program fixes (any other raises, as a classifier's matmul does), a batch
of 10 (the inputs' leading dim, no parameter's), a width of 12 (an
input's dim, not the leading one), a kernel size of 7 (it changes the
weight's shape) and a layer count of 12 (it changes the ops). Cost: 1000
flop per batch item, pixel and kernel tap; elements: the input, the
weight and the output (a tenth of the input)."""
import sys

from solar_ref.errors import ReferenceError_
from solar_imp import sizes

FULL = {"batch": 10, "kernel": 7, "layers": 12, "image": 64, "width": 12}


def cost_of(overrides, expect=None):
    v = dict(FULL, **overrides)
    if v["image"] != 64:
        raise ReferenceError_(f"matmul of {v['image']}x{v['image']} "
                              "pixels with a 64x64 classifier")
    signature = [("inputs", ((2, 2, 2),)), ("op", ((2,),))] + \
        [("layer", ((2,),))] * v["layers"]
    inputs = ((v["batch"], v["image"], v["width"]),)
    state = ((v["kernel"], v["kernel"]),)
    if expect is not None and expect.state is not None and \
            state != expect.state:
        return float("inf"), float("inf"), signature[:1], (inputs, state)
    pixels = v["batch"] * v["image"] * v["width"]
    return (1000.0 * pixels * v["kernel"] ** 2,
            pixels * 1.1 + v["kernel"] ** 2, signature, (inputs, state))


print(sizes.choose(dict(FULL), cost_of, lambda text: print(text)))
sys.stdout.flush()
