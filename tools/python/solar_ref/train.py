"""One training step of a KernelBench-convention model as a pure function
(docs/importers.md, "Training steps"), shared by the reference runner (which
runs it eagerly) and the importer (which traces it): both see the same
arguments, the same arithmetic and the same outputs.

    step(*inputs, [target], *dropout masks, *parameters, *buffers,
         [*exp_avg, *exp_avg_sq])
        -> (loss, *updated trainable parameters, [*exp_avg', *exp_avg_sq'])

Parameters are model.named_parameters() order, frozen ones
(requires_grad=False) included as arguments but neither differentiated nor
updated; buffers follow (model.named_buffers()); AdamW's two moments follow,
one per trainable parameter. The model runs in train mode (BatchNorm uses
the batch's statistics); a buffer it updates in place (running statistics)
is updated on a copy, so the step stays a function of its arguments.

Train-mode dropout (torch.nn.functional.dropout, what nn.Dropout calls)
draws a Bernoulli mask from torch's generator, which a lowered program
cannot reproduce. The step takes the masks as arguments instead, one per
dropout call in the order forward() makes them (dropout_sites), drawn
from the run's seed (make_masks): dropout(x) = x * mask, the mask holding
0 or 1/(1 - p) (Bernoulli(1 - p) pre-scaled, torch's mathematics). The
reference and the exported function run the same masks, so verification
compares like with like; p = 0 is the identity (torch returns its input).

Each part of the step runs under torch.fx.traceback.annotate({"phase": P}),
P one of forward, backward, optimizer (the optimizer's ops also name their
parameter), so that a trace of it records which phase made each op.
The hyper-parameters are fixed: they change values, never the work."""
from .errors import ReferenceError_

LOSSES = ("mse", "cross_entropy", "sum")
# The phases a step's framework ops are named with (`PHASE/...`: the prefix
# solar's einsum graph reads, include/solar/einsum/phase.h).
PHASES = ("forward", "backward", "optimizer")
OPTIMIZERS = ("sgd", "adamw")

# SGD's learning rate is 0.5 (exact in binary) so that the updated parameters
# are p - grad/2: the verifier's tolerance on them is about its tolerance on
# the gradients.
SGD_LR = 0.5
# AdamW (torch.optim.AdamW's defaults), at its first step from zero moments.
ADAMW = {"lr": 1e-3, "beta1": 0.9, "beta2": 0.999, "eps": 1e-8,
         "weight_decay": 1e-2, "step": 1}


def hyperparameters(spec):
    return {"lr": SGD_LR} if spec.optimizer == "sgd" else dict(ADAMW)


class Spec:
    """What `--train` asked for: the loss and the optimizer."""

    def __init__(self, loss, optimizer):
        if loss not in LOSSES:
            raise ReferenceError_(f"--loss {loss}: expected one of "
                                  f"{', '.join(LOSSES)}")
        if optimizer not in OPTIMIZERS:
            raise ReferenceError_(f"--optimizer {optimizer}: expected one of "
                                  f"{', '.join(OPTIMIZERS)}")
        self.loss, self.optimizer = loss, optimizer


def add_arguments(parser):
    parser.add_argument("--train", action="store_true",
                        help="one training step (forward, loss, backward, "
                        "optimizer update) instead of the forward pass")
    parser.add_argument("--loss", default="mse", choices=LOSSES)
    parser.add_argument("--optimizer", default="sgd", choices=OPTIMIZERS)


def spec_of(args):
    """The Spec of parsed arguments, None without --train."""
    return Spec(args.loss, args.optimizer) if getattr(args, "train", False) \
        else None


def _annotate(phase, **more):
    import torch.fx.traceback as fx_traceback
    return fx_traceback.annotate({"phase": phase, **more})


def defined_target(program, call_user, what):
    """The one item get_targets() returns (a `what`: tensor, array) when
    the program defines it, else None."""
    get_targets = getattr(program.module, "get_targets", None)
    if get_targets is None:
        return None
    targets = call_user(program, "get_targets()", get_targets)
    if isinstance(targets, (list, tuple)):
        if len(targets) != 1:
            raise ReferenceError_(f"get_targets() must return one {what} "
                                  f"(got {len(targets)})")
        targets = targets[0]
    return targets


def make_target(torch, program, call_user, output, spec, seed, values=True):
    """The loss's target: get_targets()[0] when the program defines it, else
    made from the seed in the output's shape (mse: normal values;
    cross_entropy: class indices over dim 1 of an (N, C, ...) output); None
    for the `sum` loss, which has none. Without `values`, an empty tensor of
    the target's shape and dtype on the output's device (for a trace)."""
    if spec.loss == "sum":
        return None
    targets = defined_target(program, call_user, "tensor")
    if targets is not None:
        if not isinstance(targets, torch.Tensor):
            raise ReferenceError_("get_targets() must return a tensor, got "
                                  f"{type(targets).__name__}")
        return targets
    generator = torch.Generator().manual_seed(seed)
    if spec.loss == "mse" and not values:
        return torch.empty(tuple(output.shape), dtype=output.dtype,
                           device=output.device)
    if spec.loss == "mse":
        return torch.randn(tuple(output.shape), generator=generator,
                           dtype=output.dtype).to(output.device)
    if output.dim() < 2:
        raise ReferenceError_(
            f"--loss cross_entropy needs an (N, C, ...) output; the model's "
            f"is {tuple(output.shape)} (define get_targets() or use --loss "
            "mse)")
    shape = (output.shape[0],) + tuple(output.shape[2:])
    if not values:
        return torch.empty(shape, dtype=torch.int64, device=output.device)
    return torch.randint(0, int(output.shape[1]), shape,
                         generator=generator).to(output.device)


def _loss(torch, spec, output, target):
    if spec.loss == "sum":
        return output.sum()
    if spec.loss == "mse":
        return torch.nn.functional.mse_loss(output, target)
    return torch.nn.functional.cross_entropy(output, target)


def _update(torch, spec, names, params, grads, moments):
    """(updated params, updated moments) of one optimizer step. Each
    parameter's update is annotated with its name: the importer makes it
    one framework op (one kernel, as torch's fused optimizers run it)."""
    if spec.optimizer == "sgd":
        new_params = []
        for name, p, g in zip(names, params, grads):
            with _annotate("optimizer", parameter=name):
                new_params.append(torch.add(p, g, alpha=-SGD_LR))
        return new_params, []
    h = ADAMW
    t = h["step"]
    bias1, bias2 = 1 - h["beta1"] ** t, 1 - h["beta2"] ** t
    half = len(moments) // 2
    new_params, new_m, new_v = [], [], []
    for name, p, g, m, v in zip(names, params, grads, moments[:half],
                                moments[half:]):
        with _annotate("optimizer", parameter=name):
            m = h["beta1"] * m + (1 - h["beta1"]) * g
            v = h["beta2"] * v + (1 - h["beta2"]) * g * g
            p = p * (1 - h["lr"] * h["weight_decay"])
            p = p - h["lr"] * (m / bias1) / (torch.sqrt(v / bias2) +
                                             h["eps"])
        new_params.append(p)
        new_m.append(m)
        new_v.append(v)
    return new_params, new_m + new_v


def _dropout_mode(torch, masks=None, sites=None):
    """A TorchFunctionMode replacing every train-mode F.dropout call by
    `x * masks[k]` (k counts the calls), or, with `sites`, running dropout
    as torch does and appending (shape, p) of each call to `sites`."""
    from torch.overrides import TorchFunctionMode
    dropout = torch.nn.functional.dropout
    calls = []

    class DropoutMasks(TorchFunctionMode):
        def __torch_function__(self, func, types, args=(), kwargs=None):
            kwargs = kwargs or {}
            if func is not dropout:
                return func(*args, **kwargs)
            bound = dict(zip(("input", "p", "training", "inplace"), args))
            bound.update(kwargs)
            x, p = bound["input"], float(bound.get("p", 0.5))
            if not bound.get("training", True) or p == 0:
                return x  # torch returns its input
            if sites is not None:
                sites.append((tuple(x.shape), p, x.dtype))
                return func(*args, **kwargs)
            mask = masks[len(calls)] if len(calls) < len(masks) else None
            if mask is None or tuple(mask.shape) != tuple(x.shape):
                raise ReferenceError_(
                    f"--train: dropout call {len(calls)} of the step (input "
                    f"{tuple(x.shape)}) is not one of forward()'s first run "
                    f"({len(masks)} calls): the step's dropout masks are "
                    "drawn for the calls of that run")
            calls.append(p)
            return x.mul_(mask) if bound.get("inplace") else x * mask
    return DropoutMasks()


def dropout_sites(torch, run):
    """(run()'s result, [(shape, p, dtype)] of the train-mode dropout calls
    it makes with p > 0, in order): the masks a step takes."""
    sites = []
    with _dropout_mode(torch, sites=sites):
        result = run()
    return result, sites


def make_masks(torch, sites, seed, like, values=True):
    """One mask per dropout site, in the dtype of the site's input and on
    `like`'s device: Bernoulli(1 - p) from a generator seeded with `seed`,
    times 1/(1 - p) (0 where p = 1, torch's all-zero output); without
    `values`, empty tensors of those shapes (for a trace)."""
    generator = torch.Generator().manual_seed(seed)
    masks = []
    for shape, p, dtype in sites:
        if not values:
            masks.append(torch.empty(shape, dtype=dtype, device=like.device))
            continue
        keep = torch.bernoulli(torch.full(shape, 1.0 - p), generator=generator)
        scale = 0.0 if p >= 1 else 1.0 / (1.0 - p)
        masks.append((keep * scale).to(dtype=dtype, device=like.device))
    return masks


class Step:
    """The step of `model` as a pure function of its arguments (module
    docstring). `inputs` are get_inputs()'s values: tensors become arguments,
    Python numbers are put back at their places as constants."""

    def __init__(self, torch, model, spec, inputs, has_target, dropouts=()):
        self.torch, self.model, self.spec = torch, model, spec
        self.inputs = inputs
        self.count = sum(isinstance(v, torch.Tensor) for v in inputs)
        self.has_target = has_target
        self.dropouts = list(dropouts)
        self.param_names = [n for n, _ in model.named_parameters()]
        self.trainable = [p.requires_grad for _, p in model.named_parameters()]
        self.buffer_names = [n for n, _ in model.named_buffers()]
        if not any(self.trainable):
            raise ReferenceError_("--train: the model has no parameter with "
                                  "requires_grad=True")

    def mask_names(self):
        """The dropout masks' argument names, in call order."""
        return [f"dropout_mask.{k}" for k in range(len(self.dropouts))]

    def mask_positions(self):
        """The step's argument positions of the dropout masks."""
        first = self.count + (1 if self.has_target else 0)
        return list(range(first, first + len(self.dropouts)))

    def trainable_names(self):
        return [n for n, t in zip(self.param_names, self.trainable) if t]

    def moment_names(self):
        if self.spec.optimizer != "adamw":
            return []
        names = self.trainable_names()
        return [f"exp_avg.{n}" for n in names] + \
            [f"exp_avg_sq.{n}" for n in names]

    def initial_moments(self, params):
        """AdamW's two moments of the trainable `params` before its first
        step: zeros, each a tensor of its own (a trace maps every argument
        object to one input: a tensor passed twice would make the two
        moments one); [] for SGD."""
        if self.spec.optimizer != "adamw":
            return []
        torch = self.torch
        trained = [p for p, t in zip(params, self.trainable) if t]
        return [torch.zeros_like(p) for p in trained] + \
            [torch.zeros_like(p) for p in trained]

    def _split(self, args):
        tensors = iter(args[:self.count])
        full = tuple(next(tensors) if isinstance(v, self.torch.Tensor) else v
                     for v in self.inputs)
        rest = list(args[self.count:])
        target = rest.pop(0) if self.has_target else None
        masks = rest[:len(self.dropouts)]
        rest = rest[len(self.dropouts):]
        params = rest[:len(self.param_names)]
        rest = rest[len(self.param_names):]
        buffers = rest[:len(self.buffer_names)]
        return (full, target, masks), params, buffers, \
            rest[len(self.buffer_names):]

    def gradients(self, *args):
        """(loss, gradients of the trainable parameters)."""
        torch = self.torch
        (full, target, masks), params, buffers, _ = self._split(args)
        leaves = [p.detach().requires_grad_(True) if t else p.detach()
                  for p, t in zip(params, self.trainable)]
        state = dict(zip(self.param_names, leaves))
        state.update({n: b.clone() for n, b in zip(self.buffer_names,
                                                   buffers)})
        with torch.enable_grad():
            with _annotate("forward"), _dropout_mode(torch, masks):
                output = torch.func.functional_call(self.model, state, full)
                if not isinstance(output, torch.Tensor):
                    raise ReferenceError_(
                        "--train: forward() must return one tensor, got "
                        f"{type(output).__name__}")
                loss = _loss(torch, self.spec, output, target)
            with _annotate("backward"):
                grads = torch.autograd.grad(
                    loss, [p for p, t in zip(leaves, self.trainable) if t])
            with _annotate("forward"):
                loss = loss.detach()
        return loss, list(grads)

    def __call__(self, *args):
        _, params, _, moments = self._split(args)
        loss, grads = self.gradients(*args)
        trained = [p for p, t in zip(params, self.trainable) if t]
        with _annotate("optimizer"):
            new_params, new_moments = _update(
                self.torch, self.spec, self.trainable_names(), trained, grads,
                moments)
        return (loss, *new_params, *new_moments)
