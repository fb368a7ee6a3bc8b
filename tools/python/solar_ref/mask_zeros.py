"""The zeros of a training step's run-time masks at the inputs it runs on
(`solar analyze --train --mask-zeros`; docs/sol-model.md, "Masks at these
inputs").

ReLU's output and its gradient (`threshold_backward`'s output) are zero
wherever the mask is; so are a train-mode dropout's output and gradient
(the products with the step's dropout-mask argument, train.py), wherever
its mask is. Which elements those are depends on the data (the drawn
mask is an input of the step), so the input-independent bound counts them
as work. For one set of inputs the
zeros are known: this module runs the step as the importer traces it
(make_fx of train.Step, the same graph and node names) with torch.fx's
interpreter and counts, for every mask op, the zero elements of its
output. Each count is keyed by the op's framework-op identity
(PHASE/TARGET:NODE, framework_ops.train_tags), which the importer puts on
the IR the op lowers to, so solar finds the tensor it describes."""
import json

# The torch ops whose output is a mask times a value: ReLU (its input where
# positive, else 0) and ReLU's backward (the gradient where the input was
# positive, else 0).
MASK_OPS = ("aten.relu.default", "aten.relu_.default",
            "aten.threshold_backward.default")
# Dropout's forward and backward: a product with a dropout-mask argument.
MASK_PRODUCTS = ("aten.mul.Tensor", "aten.mul_.Tensor")


def _is_mask_op(node, masks):
    """Whether fx `node` is a mask op: ReLU's, or a product with one of the
    `masks` (the placeholders of the step's dropout masks)."""
    if node.op != "call_function":
        return False
    target = str(node.target)
    return target in MASK_OPS or target in MASK_PRODUCTS and \
        any(arg in masks for arg in node.args)
FORMAT_VERSION = 1


def count(torch, step, step_args):
    """{identity: {"op", "zeros", "elements"}} of the mask ops of `step`
    run on `step_args`."""
    import torch.fx.traceback as fx_traceback
    from torch.fx.experimental.proxy_tensor import make_fx
    from solar_imp import framework_ops
    with fx_traceback.preserve_node_meta():
        graph = make_fx(step)(*step_args)
    tags = framework_ops.train_tags(graph.graph)
    placeholders = [n for n in graph.graph.nodes if n.op == "placeholder"]
    masks = {placeholders[k] for k in step.mask_positions()}
    counts = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, node):
            result = super().run_node(node)
            if _is_mask_op(node, masks) and \
                    isinstance(result, torch.Tensor):
                counts[tags[node.name]] = {
                    "op": str(node.target),
                    "zeros": int((result == 0).sum()),
                    "elements": int(result.numel())}
            return result

    with torch.no_grad():
        Recorder(graph).run(*step_args)
    return counts


def write(path, framework, seed, sizes, counts):
    """The file solar reads (docs/user-guide.md, `--mask-zeros`)."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"version": FORMAT_VERSION, "framework": framework,
                   "seed": seed, "sizes": sizes, "ops": counts}, f,
                  indent=2, sort_keys=True)
        f.write("\n")

