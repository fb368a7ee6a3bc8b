"""One training step of a Flax model as a pure function (docs/importers.md,
"Training steps", JAX), shared by the reference runner (which runs it
under jax.jit) and the importer (which lowers it): both see the same
arguments, the same arithmetic and the same outputs.

    step(*inputs, [target], *dropout masks, *variables, *optimizer state)
        -> (loss, *updated params, *updated optimizer state)

A flax.linen.Dropout that is not deterministic draws its mask from the
'dropout' PRNG stream; the step takes that mask as an argument instead
(`dropout_mask.K`, K in call order), drawn from the run's seed as
Bernoulli(1 - rate) / (1 - rate) (0 where rate = 1, Flax's all-zero
output), and the Dropout computes `x * mask` (nn.intercept_methods), as
the torch step does (train.py): the reference and the IR then multiply by
the same mask, and the mask is data, not work the bound may skip
(docs/sol-model.md, "Dropout masks").

Variables are every leaf of model.init()'s tree sorted by path, as for the
forward pass ("params/Dense_0/bias", ...): the `params` collection is
trained; another collection (BatchNorm's batch_stats) is passed in, updated
on a copy (apply(..., mutable=...)) and dropped, so the step stays a
function of its arguments. The optimizer is optax's (sgd or adamw with the
hyper-parameters of train.py), its state's leaves in optax's tree order.

The step is jax.value_and_grad of the loss under the named scope
GRAD_SCOPE, then the optax update under OPTIMIZER_SCOPE. JAX names every
lowered op by its scopes: within GRAD_SCOPE, an op whose next scope is a
`transpose(...)` was made by autodiff's transposition, i.e. the backward
pass, any other one is the forward pass (primal values and the residuals
the backward reads). phase_of_name_stack reads that back."""
import numpy as np

from . import train
from .jax_runner import _path_name as path_name
from .errors import ReferenceError_

GRAD_SCOPE = "solar.value_and_grad"
OPTIMIZER_SCOPE = "solar.optimizer"
FORWARD_SCOPE = "forward"


def phase_of_name_stack(stack):
    """forward, backward or optimizer for the name stack of an op of the
    step ("jit(step)/solar.value_and_grad/transpose(jvp(forward))/..."),
    None for one outside the step's scopes (a private function's op, whose
    phase is its caller's)."""
    parts = stack.split("/")
    if OPTIMIZER_SCOPE in parts:
        return "optimizer"
    if GRAD_SCOPE not in parts:
        return None
    inner = parts[parts.index(GRAD_SCOPE) + 1:]
    return "backward" if inner and inner[0].startswith("transpose(") \
        else "forward"


def import_optax():
    try:
        import optax
    except Exception as exc:
        raise ReferenceError_(f"cannot import optax (needed for --train with "
                              f"--framework jax): {exc}; install "
                              "requirements.txt") from None
    return optax


def optimizer(optax, spec):
    """The optax transformation of `spec` (train.py's hyper-parameters:
    optax.adamw computes p - lr*(m^/(sqrt(v^)+eps) + wd*p), torch's AdamW
    p*(1-lr*wd) - lr*m^/(sqrt(v^)+eps): the same values)."""
    if spec.optimizer == "sgd":
        return optax.sgd(train.SGD_LR)
    h = train.ADAMW
    return optax.adamw(h["lr"], b1=h["beta1"], b2=h["beta2"], eps=h["eps"],
                       weight_decay=h["weight_decay"])


def make_target(jax, program, call_user, output, spec, seed):
    """The loss's target as an array (or, for an abstract `output`, a
    jax.ShapeDtypeStruct): get_targets()[0] when the program defines it,
    else made from the seed: mse, normal values in the output's shape;
    cross_entropy, int32 class indices over the last axis of an
    (N, ..., C) output (Flax is channels-last); None for `sum`."""
    if spec.loss == "sum":
        return None
    targets = train.defined_target(program, call_user, "array")
    if targets is not None:
        return np.asarray(targets)
    shape = tuple(output.shape)
    concrete = not isinstance(output, jax.ShapeDtypeStruct)
    rng = np.random.default_rng(seed)
    if spec.loss == "mse":
        if not concrete:
            return jax.ShapeDtypeStruct(shape, output.dtype)
        return rng.standard_normal(shape).astype(output.dtype)
    if len(shape) < 2:
        raise ReferenceError_(
            f"--loss cross_entropy needs an (N, ..., C) output; the model's "
            f"is {shape} (define get_targets() or use --loss mse)")
    if not concrete:
        return jax.ShapeDtypeStruct(shape[:-1], np.int32)
    return rng.integers(0, shape[-1], shape[:-1]).astype(np.int32)


def _dropout_call(nn, context, args, kwargs):
    """(inputs, rate, broadcast shape) of a flax.linen.Dropout call that
    draws a mask; None for any other call (another module or method, a
    deterministic Dropout, rate 0)."""
    module = context.module
    if not isinstance(module, nn.Dropout) or context.method_name != "__call__":
        return None
    inputs = args[0] if args else kwargs.get("inputs")
    given = args[1] if len(args) > 1 else kwargs.get("deterministic")
    deterministic = nn.merge_param("deterministic", module.deterministic,
                                   given)
    if deterministic or module.rate == 0:
        return None
    shape = list(inputs.shape)
    for dim in module.broadcast_dims:
        shape[dim] = 1
    return inputs, float(module.rate), tuple(shape)


def dropout_sites(jax, run):
    """(run()'s result, [(broadcast shape, rate, dtype)] of the Dropout
    calls it makes that draw a mask, in order); each such call returns its
    input unchanged (the result's shape is all that is read)."""
    import flax.linen as nn
    sites = []

    def record(next_fun, args, kwargs, context):
        call = _dropout_call(nn, context, args, kwargs)
        if call is None:
            return next_fun(*args, **kwargs)
        inputs, rate, shape = call
        sites.append((shape, rate, inputs.dtype))
        return inputs
    with nn.intercept_methods(record):
        result = run()
    return result, sites


def without_drawing(jax, init):
    """model.init (or its eval_shape) with every mask-drawing Dropout the
    identity: init has only the 'params' stream, and a Dropout's output
    does not change the parameters' shapes or initial values."""
    def run(*args):
        return dropout_sites(jax, lambda: init(*args))[0]
    return run


def make_masks(jax, sites, seed, abstract):
    """One mask per site (dropout_sites): Bernoulli(1 - rate) from a numpy
    generator seeded with `seed`, times 1 / (1 - rate), in the site's
    dtype; shapes only when `abstract`."""
    rng = np.random.default_rng(seed)
    masks = []
    for shape, rate, dtype in sites:
        if abstract:
            masks.append(jax.ShapeDtypeStruct(shape, dtype))
            continue
        keep = rng.random(shape) < 1.0 - rate
        scale = 0.0 if rate >= 1 else 1.0 / (1.0 - rate)
        masks.append((keep * scale).astype(dtype))
    return masks


def _with_masks(jax, masks, run):
    """run() with the k-th mask-drawing Dropout call computing x * masks[k]
    (broadcast over its broadcast_dims)."""
    import flax.linen as nn
    calls = []

    def apply_mask(next_fun, args, kwargs, context):
        call = _dropout_call(nn, context, args, kwargs)
        if call is None:
            return next_fun(*args, **kwargs)
        if len(calls) >= len(masks):
            raise ReferenceError_(
                "--train: the step calls more drawing Dropouts than its "
                f"forward pass did ({len(masks)})")
        mask = masks[len(calls)]
        calls.append(call)
        return call[0] * jax.numpy.broadcast_to(mask, call[0].shape)
    with nn.intercept_methods(apply_mask):
        return run()


def prepare(jax, program, call_user, spec, model, inputs, variables, seed,
            abstract):
    """(step, arguments in the step's order) of `model` on `inputs`; with
    `abstract` (the exporter's) the output, target and optimizer state
    are shapes only (their values do not change the lowering)."""
    optax = import_optax()
    apply = (lambda *a: jax.eval_shape(model.apply, *a)) if abstract \
        else model.apply
    output, sites = call_user(
        program, "Model.apply()", dropout_sites, jax,
        lambda: apply(variables, *inputs))
    if not hasattr(output, "shape"):
        raise ReferenceError_("--train: the model must return one array, got "
                              f"{type(output).__name__}")
    target = make_target(jax, program, call_user, output, spec, seed)
    masks = make_masks(jax, sites, seed, abstract)
    step = Step(jax, optax, model, spec, len(inputs), variables,
                target is not None, len(masks))
    state = jax.eval_shape(step.initial_state, variables) if abstract \
        else step.initial_state(variables)
    return step, [*inputs, *([target] if target is not None else []),
                  *masks, *step.variable_leaves(variables), *state]


def _loss(jax, optax, spec, output, target):
    jnp = jax.numpy
    if spec.loss == "sum":
        return jnp.sum(output)
    if spec.loss == "mse":
        return jnp.mean(jnp.square(output - target))
    # Labels as one-hot rows (a compare with an iota): the integer-label
    # form gathers the labels' logits, and its gradient scatters, which
    # IREE's input conversion leaves as iree_linalg_ext.scatter.
    labels = jax.nn.one_hot(target, output.shape[-1], dtype=output.dtype)
    return jnp.mean(optax.softmax_cross_entropy(output, labels))


class Step:
    """The step of a Flax `model` (module docstring). `variables` is
    model.init()'s tree, concrete or abstract; `count` the number of
    inputs."""

    def __init__(self, jax, optax, model, spec, count, variables,
                 has_target, mask_count=0):
        self.jax, self.optax, self.model, self.spec = jax, optax, model, spec
        self.count, self.has_target = count, has_target
        self.mask_count = mask_count
        if not jax.tree_util.tree_leaves(variables.get("params", {})):
            raise ReferenceError_("--train: the model has no parameters (no "
                                  "'params' collection)")
        with_path, self.treedef = jax.tree_util.tree_flatten_with_path(
            variables)
        names = [path_name(p) for p, _ in with_path]
        self.order = sorted(range(len(names)), key=lambda i: names[i])
        self.variable_names = [names[i] for i in self.order]
        self.opt = optimizer(optax, spec)
        state = jax.eval_shape(self.opt.init, variables["params"])
        state_paths, self.state_treedef = \
            jax.tree_util.tree_flatten_with_path(state)
        self.state_names = ["opt_state/" + path_name(p)
                            for p, _ in state_paths]
        params = jax.tree_util.tree_flatten_with_path(variables["params"])[0]
        self.param_names = sorted("params/" + path_name(p)
                                  for p, _ in params)

    def variable_leaves(self, variables):
        leaves = self.jax.tree_util.tree_leaves(variables)
        return [leaves[i] for i in self.order]

    def initial_state(self, variables):
        """The optimizer's state before its first step, as leaves."""
        return self.jax.tree_util.tree_leaves(
            self.opt.init(variables["params"]))

    def mask_names(self):
        return [f"dropout_mask.{k}" for k in range(self.mask_count)]

    def output_names(self):
        return ["loss"] + [f"updated.{n}" for n in self.param_names] + \
            [f"updated.{n}" for n in self.state_names]

    def _split(self, args):
        inputs = args[:self.count]
        rest = list(args[self.count:])
        target = rest.pop(0) if self.has_target else None
        masks, rest = rest[:self.mask_count], rest[self.mask_count:]
        leaves = rest[:len(self.order)]
        tree_order = [None] * len(self.order)
        for position, leaf_index in enumerate(self.order):
            tree_order[leaf_index] = leaves[position]
        variables = self.jax.tree_util.tree_unflatten(self.treedef,
                                                      tree_order)
        state = self.jax.tree_util.tree_unflatten(
            self.state_treedef, rest[len(self.order):])
        return inputs, target, masks, variables, state

    def _value_and_grad(self, inputs, target, masks, variables):
        jax = self.jax
        others = {k: v for k, v in variables.items() if k != "params"}

        def apply(params):
            if others:
                return self.model.apply(
                    {"params": params, **others}, *inputs,
                    mutable=list(others))[0]
            return self.model.apply({"params": params}, *inputs)

        def loss_of(params):
            with jax.named_scope(FORWARD_SCOPE):
                output = _with_masks(jax, masks, lambda: apply(params))
                if not hasattr(output, "shape"):
                    raise ReferenceError_(
                        "--train: the model must return one array, got "
                        f"{type(output).__name__}")
                return _loss(jax, self.optax, self.spec, output, target)
        with jax.named_scope(GRAD_SCOPE):
            return jax.value_and_grad(loss_of)(variables["params"])

    def gradients(self, *args):
        """The gradients of the params, as leaves in param_names order."""
        inputs, target, masks, variables, _ = self._split(args)
        _, grads = self._value_and_grad(inputs, target, masks, variables)
        return self._sorted_leaves(grads)

    def _sorted_leaves(self, tree):
        with_path = self.jax.tree_util.tree_flatten_with_path(tree)[0]
        return [leaf for _, leaf in sorted(
            with_path, key=lambda item: path_name(item[0]))]

    def __call__(self, *args):
        inputs, target, masks, variables, state = self._split(args)
        loss, grads = self._value_and_grad(inputs, target, masks, variables)
        with self.jax.named_scope(OPTIMIZER_SCOPE):
            updates, state = self.opt.update(grads, state,
                                             variables["params"])
            params = self.optax.apply_updates(variables["params"], updates)
        return (loss, *self._sorted_leaves(params),
                *self.jax.tree_util.tree_leaves(state))
