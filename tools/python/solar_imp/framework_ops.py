"""Framework-op identity on the exported linalg (docs/importers.md).

An eager framework runs each of its ops (torch.softmax, avg_pool3d, ...) as
one kernel, however many linalg ops the exporter lowers it to. To let
solar's `unfused` fidelity charge DRAM traffic once per framework op, every
linalg/tensor op the exporter produces carries the string attribute
`solar.framework_op` naming the op it came from: torch `TARGET:NODE`, the
op as the user called it before decompositions (e.g.
`aten._softmax.default:_softmax`, `aten.linear.default:linear`; NODE is
unique in the exported graph), JAX `PRIMITIVE#K` (e.g. `reduce_max#1`, K numbering the primitive
applications).

The identity travels through torch-mlir's lowering (or IREE's StableHLO
input conversion) as a named location (`loc("fwop:..."(...))`), which the
conversion patterns copy onto every op they create; once lowered, the name
becomes the attribute and the text is printed without locations, as
before."""
import contextlib
import re

from solar_ref import train

ATTRIBUTE = "solar.framework_op"
PREFIX = "fwop:"

# Ops that become loop nests in solar's lowering; the others (constants,
# func.return, shape casts) need no identity.
_DIALECTS = ("linalg.", "tensor.")
# A framework-op name anywhere in a location: the op's own, or in a
# callsite(...) chain the callee's and its callers' (ops inlined from a
# private function).
_NAME = re.compile(r'"' + re.escape(PREFIX) + r'((?:[^"\\]|\\.)*)"')


def _torch_origin(node):
    """(target, name) of the op the user called that `node` was decomposed
    from: the root of torch.export's provenance (node.meta["from_node"]),
    e.g. aten.linear for the permute, mm, expand and add torch-mlir's
    decompositions make of it; eager PyTorch runs that op as one call."""
    target, name = node.target, node.name
    sources = node.meta.get("from_node") or []
    while sources:
        source = sources[0]
        name = getattr(source, "name", name)
        target = getattr(source, "target", target)
        sources = getattr(source, "from_node", None) or []
    return target, name


@contextlib.contextmanager
def torch_node_names(tags=None):
    """While active, torch-mlir's FX importer names each call_function node's
    location `fwop:TARGET:NODE` (wrapping the source location), TARGET:NODE
    being the user-level op it came from (_torch_origin). `tags` (a training
    step, train_tags) replaces TARGET:NODE of the nodes it names."""
    from torch_mlir.extras import fx_importer
    from torch_mlir.ir import Location
    cache = fx_importer.ContextCache
    original = cache.get_node_location

    def named(self, node):
        loc = original(self, node)
        if node.op != "call_function":
            return loc
        if loc is None:
            loc = Location.unknown(context=self._c)
        target, name = _torch_origin(node)
        tag = (tags or {}).get(name) or f"{target}:{name}"
        return Location.name(f"{PREFIX}{tag}", childLoc=loc,
                             context=self._c)

    cache.get_node_location = named
    try:
        yield
    finally:
        cache.get_node_location = original


# aten ops that are views in eager PyTorch: no kernel of their own.
_VIEWS = ("aten.t.", "aten.view.", "aten._unsafe_view.", "aten.permute.",
          "aten.expand.", "aten.alias.", "aten.transpose.", "aten.unsqueeze.",
          "aten.squeeze.", "aten.reshape.")


def is_view(target):
    """Whether an aten op is a view in eager PyTorch (no kernel)."""
    return str(target).startswith(_VIEWS)


def train_tags(graph):
    """node name -> `PHASE/TARGET:NODE` for the nodes of a traced training
    step (an FX graph whose nodes carry meta["custom"]["phase"]). The phase
    is part of the op's identity, so it travels wherever the framework op
    does (solarFrameworkOpPhase reads it back). A view op (aten.t of a
    weight before its mm) with one user takes that user's identity: eager
    PyTorch runs no kernel for it, its user reads the viewed tensor. The
    optimizer's ops for one parameter (annotated with its name) are one op,
    `optimizer/step:PARAMETER`: torch's fused optimizers update a parameter
    in one pass (read it, its gradient and state; write them)."""
    tags = {}
    for node in graph.nodes:
        if node.op != "call_function":
            continue
        owner = node
        while is_view(owner.target) and len(owner.users) == 1:
            owner = next(iter(owner.users))
            if owner.op != "call_function":
                owner = node
                break
        custom = owner.meta.get("custom") or {}
        phase = custom.get("phase")
        identity = f"step:{custom['parameter']}" if "parameter" in custom \
            else f"{owner.target}:{owner.name}"
        tags[node.name] = f"{phase}/{identity}" if phase else identity
    return tags


def name_jax_primitives(module):
    """Names the location of every op in the StableHLO functions of `module`
    (jaxlib's bindings; call inside its context) `fwop:PRIMITIVE#K`. Eager
    JAX dispatches one primitive at a time; jax.jit's lowering gives the ops
    of one primitive application (a broadcast and its subtract) the same
    location, so consecutive ops with equal locations are one framework op.
    Constants and returns make no loops and keep their locations. In a
    training step (solar_ref/jax_train.py) the name is
    `fwop:PHASE/PRIMITIVE#K`, PHASE read from the op's name stack; the ops
    of a private function (jax.nn.relu's own jit) have none of their own:
    tag_ops names each inlined copy after its call."""
    from jaxlib.mlir import ir
    from solar_ref.jax_train import phase_of_name_stack
    count = 0
    for func in module.body.operations:
        previous = None
        for region in func.operation.regions:
            for block in region.blocks:
                for op in block.operations:
                    op = op.operation
                    if op.name in ("stablehlo.constant", "func.return"):
                        continue
                    key = str(op.location)
                    if key != previous:
                        count += 1
                        previous = key
                    stack = re.match(r'loc\("([^"]*)"', key)
                    primitive = (stack.group(1).rsplit("/", 1)[-1] if stack
                                 else op.name)
                    phase = stack and phase_of_name_stack(stack.group(1))
                    name = f"{primitive}#{count}"
                    op.location = ir.Location.name(
                        f"{PREFIX}{phase}/{name}" if phase else
                        f"{PREFIX}{name}", childLoc=op.location)


def tag_text(text):
    """tag_ops on MLIR text printed with locations (IREE's output), parsed
    with torch-mlir's bindings; the result is printed without locations.
    None when the bindings are missing or cannot parse the text."""
    try:
        from torch_mlir import ir
    except Exception:
        return None
    try:
        with ir.Context() as context:
            context.allow_unregistered_dialects = True
            module = ir.Module.parse(text)
            tag_ops(module, ir.StringAttr)
            return module.operation.get_asm(enable_debug_info=False)
    except Exception:
        return None


def _walk(operation):
    """Ops nested in `operation`, not descending into linalg/tensor ops
    (their bodies are scalar code of the op itself)."""
    for region in operation.regions:
        for block in region.blocks:
            for op in block.operations:
                op = op.operation
                yield op
                if not op.name.startswith(_DIALECTS):
                    yield from _walk(op)


def identity(location):
    """The framework op a location names (its text), None without one.
    Innermost first: an op inlined from a private function (IREE's inliner
    makes its location callsite(callee at caller)) is named by the
    outermost caller, the call in the program's own function. Eager JAX
    runs a call of a jitted function (jax.nn.relu) as one dispatch, and
    each call site has its own name (and, in a training step, its phase),
    so two calls of one function are two ops and its copies in the forward
    and backward passes keep their phases."""
    names = _NAME.findall(location)
    return names[-1] if names else None


def tag_ops(module, string_attr):
    """Sets ATTRIBUTE on every linalg/tensor op whose location carries a
    framework-op name (identity). `string_attr` is the bindings' StringAttr
    class (each importer bundles its own MLIR bindings). Returns the number
    tagged."""
    tagged = 0
    for op in _walk(module.operation):
        if not op.name.startswith(_DIALECTS):
            continue
        name = identity(str(op.location))
        if name:
            op.attributes[ATTRIBUTE] = string_attr.get(name)
            tagged += 1
    return tagged


# One HLO instruction: its name, what it calls and its metadata's op_name.
_HLO_INSTRUCTION = re.compile(r'^\s*(?:ROOT\s+)?%([\w.\-]+)\s*=')
_HLO_CALLS = re.compile(r'(?:calls|to_apply|body|condition)=%([\w.\-]+)'
                        r'|branch_computations=\{([^}]*)\}')
_HLO_OP_NAME = re.compile(r'op_name="([^"]*)"')
_HLO_COMPUTATION = re.compile(r'^(ENTRY\s+)?%([\w.\-]+)\s*\(')
# A framework-op name in an op_name path ("fwop:A/fwop:B"): a training
# step's carry their phase ("fwop:forward/jit(relu)#4/fwop:max#16").
_HLO_FRAMEWORK_OP = re.compile(
    re.escape(PREFIX) + r'((?:(?:' + "|".join(train.PHASES) + r')/)?[^/;]+)')


def xla_kernel_ops(hlo_text):
    """(module name, {instruction: [framework ops]}) of compiled HLO text
    whose ops carry the names of name_jax_primitives (op_name
    "fwop:PRIMITIVE#K", "fwop:jit(relu)#4/fwop:max#16" inside a call: the
    outermost, jit(relu)#4, is the framework op, as tag_ops names it; with
    PHASE/ before PRIMITIVE in a training step; several joined by ';' where
    XLA merged instructions). Every instruction of the entry computation
    is one thing the profiler can time (a fusion, a custom call, a copy);
    its framework ops are its own and those of every computation it calls,
    in order, each once. An instruction of no framework op (a copy XLA
    added) maps to an empty list."""
    module = None
    computations, entry, current = {}, None, None
    for line in hlo_text.splitlines():
        if module is None and line.startswith("HloModule "):
            module = line.split()[1].rstrip(",")
            continue
        head = _HLO_COMPUTATION.match(line)
        if head:
            current = computations.setdefault(head.group(2), [])
            if head.group(1):
                entry = head.group(2)
            continue
        if line.startswith("}"):
            current = None
            continue
        match = _HLO_INSTRUCTION.match(line)
        if current is None or not match:
            continue
        called = []
        for single, branches in _HLO_CALLS.findall(line):
            called += [single] if single else \
                [b.strip().lstrip("%") for b in branches.split(",")]
        op_name = _HLO_OP_NAME.search(line)
        # XLA joins the op_names of instructions it merged with ';': the
        # outermost name of each, as tag_ops names the op inlined into the
        # program's function (the call site in the program's own code).
        names = [found[0] for found in
                 (_HLO_FRAMEWORK_OP.findall(part)
                  for part in op_name.group(1).split(";")) if found] \
            if op_name else []
        current.append((match.group(1), names, called))

    def ops_of(names, called, seen):
        out = list(names)
        for computation in called:
            if computation in seen:
                continue
            seen.add(computation)
            for _, inner, deeper in computations.get(computation, []):
                out += ops_of(inner, deeper, seen)
        return out

    kernels = {}
    for name, own, called in computations.get(entry, []):
        ordered = []
        for op in ops_of(own, called, set()):
            if op not in ordered:
                ordered.append(op)
        kernels[name] = ordered
    return module, kernels
