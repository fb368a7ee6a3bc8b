"""solar::lstm / gru / rnn_tanh / rnn_relu (recurrent.py) -> a loop over time.

torch-mlir has no lowering for the kept recurrent ops, so the importer
carries each through torch-mlir as a call of a private function
(`to_calls`, on the imported torch IR, before torch-mlir's lowering to
linalg) and, once the rest is linalg on tensors, replaces the call with
affine loops on buffers bridged to the surrounding tensors
(bufferization.to_buffer / to_tensor, as scan_lowering.py does), spliced
in place (`lower_calls`). The loops follow torch's own decomposition
(torch/_decomp/decompositions.py: one_layer_lstm, lstm_cell, gru_cell,
_rnn_helper), op for op, so that the lowered program computes what torch
computes and solar counts the same work as for the unrolled cells; for
every layer l and direction d (reverse reads the input backwards and
writes its outputs at the step it read):

    P[t, b, j] = sum_k in[t, b, k] * W_ih[j, k]          (all steps at once)
    state      = h0[l*D + d] (and c0), in place in h_n (and c_n)
    for s in 0 .. T-1:   t = s (forward) or T-1-s (reverse)
      R[b, j] = sum_k h[b, k] * W_hh[j, k]
      gates   = (R + b_hh) + (P[t] + b_ih)                (LSTM: i, f, g, o)
      LSTM:  c = sigmoid(f) * c + sigmoid(i) * tanh(g);  h = sigmoid(o) * tanh(c)
      GRU:   r = sigmoid(hg_r + ig_r); z = sigmoid(hg_z + ig_z)
             n = tanh(ig_n + hg_n * r);  h = (h - n) * z + n
      RNN:   h = tanh(gates) or relu(gates)
      LSTM with proj_size: h = (sigmoid(o) * tanh(c)) @ W_hr^T
      out[t, b, d*H + n] = h

`in` is the input (layer 0, batch first or not) or the previous layer's
output sequence (both directions concatenated). solar's einsum graph lifts
the time loop's nests with the step in their domains and the state's
loop-carried dependence as an edge: the same graph at every sequence
length, only trip counts differ."""
import re

from .errors import ImportError_
from .scan_lowering import lower_each, memref_type, ops_named, \
    splice_helper, static_shape, walk
from .scatter_lowering import splat_of

OPERATORS = {"torch.solar.lstm": "lstm", "torch.solar.gru": "gru",
             "torch.solar.rnn_tanh": "rnn_tanh",
             "torch.solar.rnn_relu": "rnn_relu"}
CALLEE = "solar_recurrent_"
GATES = {"lstm": 4, "gru": 3, "rnn_tanh": 1, "rnn_relu": 1}


_SOURCE = re.compile(r'"([^"]+)":(\d+):\d+')


def _where(kind, location):
    """`torch.lstm at FILE:LINE`, the program's line that called it
    (the first frame of the location outside torch and solar's
    importer)."""
    frames = [f"{path}:{line}" for path, line in
              _SOURCE.findall(str(location))
              if "/torch/" not in path and "/solar_imp/" not in path]
    return f"torch.{kind} at " + \
        (frames[0] if frames else str(location))


def _constant(ir, value, what, op):
    owner = value.owner.operation if isinstance(value, ir.OpResult) else None
    if owner is None or not owner.name.startswith("torch.constant."):
        raise ImportError_(f"{op}: its {what} is not a constant")
    attr = owner.attributes["value"]
    if owner.name == "torch.constant.bool":
        return ir.BoolAttr(attr).value
    if owner.name == "torch.constant.int":
        return ir.IntegerAttr(attr).value
    return ir.FloatAttr(attr).value


def _tensors(ir, value):
    """The tensors of a torch.prim.ListConstruct, or [value]."""
    if isinstance(value, ir.OpResult) and \
            value.owner.operation.name == "torch.prim.ListConstruct":
        return list(value.owner.operation.operands)
    return [value]


def kept_in(exported):
    """Whether an exported program calls a kept recurrent op."""
    return any(str(node.target).startswith(tuple(
        name.split(".", 1)[1] + "." for name in OPERATORS))
        for node in exported.graph_module.graph.nodes
        if node.op == "call_function")


_CONTRACT = ",torch-verify-linalg-on-tensors-backend-contract"


def lower_to_linalg(fx, OutputType, module):
    """torch-mlir's lowering of the imported `module` (what
    fx.export_and_import runs for LINALG_ON_TENSORS) without its last
    pass, the linalg backend contract check, which refuses the calls
    to_calls made: the pipeline as torch-mlir itself expands it, less that
    pass (refused when the pass is not where it was)."""
    from torch_mlir.passmanager import PassManager
    fx._module_lowering(False, False, OutputType.TORCH, module)
    pipeline = str(PassManager.parse(
        "builtin.module(torch-backend-to-linalg-on-tensors-backend-pipeline"
        "{allow-non-finites=True})"))
    if _CONTRACT not in pipeline:
        raise ImportError_(
            "torch-mlir's linalg pipeline has no contract check to leave "
            "out before the recurrent ops are lowered: "
            f"{pipeline[-200:]}")
    PassManager.parse(pipeline.replace(_CONTRACT, "")).run(module.operation)


def to_calls(module):
    """Replaces every kept recurrent op of the imported torch IR with a
    call of a private function declared in `module`; returns {callee:
    config}, what `lower_calls` needs. Refuses what it does not lower,
    naming the op."""
    from torch_mlir import ir
    configs = {}
    ops = [op for op in walk(module.operation) if op.name == "torch.operator"
           and ir.StringAttr(op.attributes["name"]).value in OPERATORS]
    for op in ops:
        kind = OPERATORS[ir.StringAttr(op.attributes["name"]).value]
        where = _where(kind, op.location)
        names = ("has_biases", "num_layers", "dropout", "train",
                 "bidirectional", "batch_first")
        config = dict(zip(names, (_constant(ir, v, n, where) for v, n in
                                  zip(list(op.operands)[3:], names))))
        config["kind"] = kind
        config["states"] = len(_tensors(ir, op.operands[1]))
        if config["train"] and config["dropout"] > 0:
            raise Refused(
                f"{where}: dropout {config['dropout']} between layers in "
                "training mode draws a random mask per layer; solar lowers "
                "recurrent layers without it (model.eval(), or dropout=0)")
        operands = [op.operands[0]] + _tensors(ir, op.operands[1]) + \
            _tensors(ir, op.operands[2])
        callee = f"{CALLEE}{len(configs)}"
        configs[callee] = config
        function_type = ir.FunctionType.get([v.type for v in operands],
                                            [r.type for r in op.results])
        with ir.InsertionPoint(module.body):
            ir.Operation.create(
                "func.func", regions=1, loc=op.location, attributes={
                    "sym_name": ir.StringAttr.get(callee),
                    "function_type": ir.TypeAttr.get(function_type),
                    "sym_visibility": ir.StringAttr.get("private")})
        with ir.InsertionPoint(op):
            call = ir.Operation.create(
                "func.call", results=[r.type for r in op.results],
                operands=operands, loc=op.location,
                attributes={"callee": ir.FlatSymbolRefAttr.get(callee)})
        for old, new in zip(op.results, call.results):
            old.replace_all_uses_with(new)
        lists = [v for v in op.operands[1:3] if isinstance(v, ir.OpResult)
                 and v.owner.operation.name == "torch.prim.ListConstruct"]
        op.erase()
        for value in lists:
            if not list(value.uses):
                value.owner.operation.erase()
    return configs


class _Text:
    """The helper function's lines, with fresh SSA names."""

    def __init__(self):
        self.lines, self.count = [], 0

    def fresh(self, stem):
        self.count += 1
        return f"%{stem}{self.count}"

    def emit(self, line):
        self.lines.append(line)

    def op(self, text, stem="v"):
        name = self.fresh(stem)
        self.emit(f"{name} = {text}")
        return name


class _Layer:
    """Text of one (layer, direction) of a recurrent op."""

    def __init__(self, text, spec, element, weights, io, place):
        self.t, self.spec, self.element = text, spec, element
        self.w_ih, self.w_hh, self.b_ih, self.b_hh, self.w_hr = weights
        # read_input(t, b, k) loads the layer's input; write_output(h, t,
        # b, column) stores its output (None: nobody reads it).
        self.read_input, self.write_output = io
        # The layer's input size, its direction (1: reverse) and its slot
        # in h_n / c_n (layer * directions + direction).
        self.in_size, self.direction, self.slot = place
        self.reverse = self.direction == 1

    def load(self, buffer, subscripts, mem):
        return self.t.op(f"affine.load {buffer}[{subscripts}] : {mem}")

    def binary(self, name, a, b):
        return self.t.op(f"arith.{name} {a}, {b} : {self.element}")

    def sigmoid(self, x):
        # torch-mlir's sigmoid: 1 / (exp(-x) + 1).
        e = self.t.op(f"math.exp {self.t.op(f'arith.negf {x} : {self.element}')}"
                      f" : {self.element}")
        return self.binary("divf", "%one", self.binary("addf", e, "%one"))

    def tanh(self, x):
        return self.t.op(f"math.tanh {x} : {self.element}")

    def relu(self, x):
        # torch-mlir's relu: x > 0 ? x : 0.
        above = self.t.op(f"arith.cmpf ugt, {x}, %zero : {self.element}")
        return self.t.op(f"arith.select {above}, {x}, %zero : "
                         f"{self.element}")

    def matmul(self, out, out_mem, out_at, loops, a, w, w_mem, k_size):
        """out[out_at] = sum_k a(k) * w[j, k] over `loops` (name, size),
        after a zero fill: linalg's matmul as convert-linalg-to-affine-loops
        writes it."""
        t = self.t
        for name, size in loops:
            t.emit(f"affine.for %{name} = 0 to {size} {{")
        t.emit(f"affine.store %zero, {out}[{out_at}] : {out_mem}")
        t.emit("}" * len(loops))
        for name, size in loops:
            t.emit(f"affine.for %{name} = 0 to {size} {{")
        t.emit(f"affine.for %k = 0 to {k_size} {{")
        value = a("%k")
        weight = self.load(w, "%j, %k", w_mem)
        acc = self.load(out, out_at, out_mem)
        t.emit(f"affine.store {self.binary('addf', acc, self.binary('mulf', value, weight))}, "
               f"{out}[{out_at}] : {out_mem}")
        t.emit("}" * (len(loops) + 1))

    def gate(self, q, time, recurrent):
        """(hidden-side, input-side) pre-activations of gate q at (b, n) and
        step `time`: F.linear(h, W_hh, b_hh) (None when h is known zero and
        there is no bias: nothing to add) and F.linear(in, W_ih, b_ih)[t]."""
        spec = self.spec
        column = f"%n + {q * spec['H']}" if q else "%n"
        hg = self.load(self.r, f"%b, {column}", self.r_mem) \
            if recurrent else None
        ig = self.load(self.p, f"{time}, %b, {column}", self.p_mem)
        if spec["has_biases"]:
            vec = memref_type([spec["G"]], self.element)
            bias = self.load(self.b_hh, column, vec)
            hg = self.binary("addf", hg, bias) if recurrent else bias
            ig = self.binary("addf", ig, self.load(self.b_ih, column, vec))
        return hg, ig

    def add(self, hg, ig):
        return ig if hg is None else self.binary("addf", hg, ig)

    def cell(self, time, recurrent, cell_state):
        """The step's elementwise part at `time` (a loop over b, n): torch's
        lstm_cell / gru_cell. Without `recurrent`, the step from a zero h
        (the first, peeled): no R, and whatever multiplies h or a zero c
        left out, as solar's necessary work leaves it out of the unrolled
        cells; without `cell_state`, c is zero there."""
        t, spec = self.t, self.spec
        t.emit(f"affine.for %b = 0 to {spec['B']} {{")
        t.emit(f"affine.for %n = 0 to {spec['H']} {{")
        at = f"{self.slot}, %b, %n"
        h_n = spec["states"][0][1]
        if spec["kind"] == "lstm":  # torch's lstm_cell
            pre = [None if q == 1 and not cell_state else
                   self.add(*self.gate(q, time, recurrent)) for q in range(4)]
            i, g, o = self.sigmoid(pre[0]), self.tanh(pre[2]), \
                self.sigmoid(pre[3])
            c_n = spec["states"][1][1]
            c = self.binary("mulf", i, g)
            if cell_state:
                f = self.sigmoid(pre[1])
                c = self.binary("addf", self.binary(
                    "mulf", f, self.load(c_n, at, self.c_mem)), c)
            h = self.binary("mulf", o, self.tanh(c))
            t.emit(f"affine.store {c}, {c_n}[{at}] : {self.c_mem}")
        elif spec["kind"].startswith("rnn_"):
            h = self.add(*self.gate(0, time, recurrent))
            h = self.tanh(h) if spec["kind"] == "rnn_tanh" else self.relu(h)
        else:
            hg_n, ig_n = self.gate(2, time, recurrent)
            z = self.sigmoid(self.add(*self.gate(1, time, recurrent)))
            if hg_n is not None:
                reset = self.sigmoid(self.add(*self.gate(0, time,
                                                         recurrent)))
                ig_n = self.binary("addf", ig_n,
                                   self.binary("mulf", hg_n, reset))
            new = self.tanh(ig_n)
            if recurrent:
                h = self.load(h_n, at, self.state_mem)
                h = self.binary("addf", self.binary(
                    "mulf", self.binary("subf", h, new), z), new)
            else:  # (0 - n) * z + n
                h = self.binary("subf", new, self.binary("mulf", new, z))
        if self.w_hr is not None:
            # LSTM with proj_size: h = F.linear(o * tanh(c), W_hr), below.
            t.emit(f"affine.store {h}, {self.q}[%b, %n] : {self.q_mem}")
            t.emit("}}")
            self.project(time)
            return
        t.emit(f"affine.store {h}, {h_n}[{at}] : {self.state_mem}")
        self.output(h, time, "%n")
        t.emit("}}")

    def output(self, h, time, column):
        if self.write_output is not None:
            width = self.spec["P"]
            self.write_output(h, time, "%b", f"{column} + "
                              f"{self.direction * width}"
                              if self.direction else column)

    def project(self, time):
        """h_n[slot] = q @ W_hr^T (the projected state), then its copy into
        the output sequence (torch's cat of the steps' h)."""
        spec, t = self.spec, self.t
        h_n = spec["states"][0][1]
        self.matmul(h_n, self.state_mem, f"{self.slot}, %b, %j",
                    [("b", spec["B"]), ("j", spec["P"])],
                    lambda k: self.load(self.q, f"%b, {k}", self.q_mem),
                    self.w_hr, memref_type([spec["P"], spec["H"]],
                                           self.element), spec["H"])
        if self.write_output is not None:
            t.emit(f"affine.for %b = 0 to {spec['B']} {{")
            t.emit(f"affine.for %j = 0 to {spec['P']} {{")
            self.output(self.load(h_n, f"{self.slot}, %b, %j",
                                  self.state_mem), time, "%j")
            t.emit("}}")

    def emit(self, alloc):
        t, spec, el = self.t, self.spec, self.element
        steps, batch, hidden, gates = spec["T"], spec["B"], spec["H"], \
            spec["G"]
        # h has P elements (the projection's, else H), c has H.
        self.state_mem = memref_type([spec["slots"], batch, spec["P"]], el)
        self.c_mem = memref_type([spec["slots"], batch, hidden], el)
        self.p_mem = memref_type([steps, batch, gates], el)
        self.r_mem = memref_type([batch, gates], el)
        w_ih_mem = memref_type([gates, self.in_size], el)
        w_hh_mem = memref_type([gates, spec["P"]], el)
        self.p, self.r = alloc(self.p_mem, "p"), alloc(self.r_mem, "r")
        if self.w_hr is not None:
            self.q_mem = memref_type([batch, hidden], el)
            self.q = alloc(self.q_mem, "q")
        # The state starts as h0 (c0) and is updated in place in h_n (c_n).
        # A zero h0 (torch's default) peels the first step, which then
        # reads no state: a zero c0 is not copied either.
        zero_h = spec["zero"][0]
        copies = [(initial, final) for (initial, final), zero in
                  zip(spec["states"], spec["zero"])
                  if not zero or not zero_h]
        for initial, final in copies:
            mem = self.state_mem if final == spec["states"][0][1] else \
                self.c_mem
            width = spec["P"] if final == spec["states"][0][1] else hidden
            t.emit(f"affine.for %b = 0 to {batch} {{")
            t.emit(f"affine.for %n = 0 to {width} {{")
            v = self.load(initial, f"{self.slot}, %b, %n", mem)
            t.emit(f"affine.store {v}, {final}[{self.slot}, %b, %n] : {mem}")
            t.emit("}}")
        self.matmul(self.p, self.p_mem, "%t, %b, %j",
                    [("t", steps), ("b", batch), ("j", gates)],
                    lambda k: self.read_input("%t", "%b", k),
                    self.w_ih, w_ih_mem, self.in_size)
        if zero_h:
            self.cell(steps - 1 if self.reverse else 0, False,
                      len(spec["zero"]) > 1 and not spec["zero"][1])
        h_n = spec["states"][0][1]
        t.emit(f"affine.for %s = {1 if zero_h else 0} to {steps} {{")
        self.matmul(self.r, self.r_mem, "%b, %j",
                    [("b", batch), ("j", gates)],
                    lambda k: self.load(h_n, f"{self.slot}, %b, {k}",
                                        self.state_mem),
                    self.w_hh, w_hh_mem, spec["P"])
        self.cell(f"{steps - 1} - %s" if self.reverse else "%s", True, True)
        t.emit("}")


class Refused(ImportError_):
    """A recurrent layer solar does not lower: the import fails with it at
    once (no other way of exporting the program would lower it)."""


def _refuse(where, why):
    raise Refused(f"{where}: {why}")


def _is_zero(ir, value):
    """Whether `value` is a zero splat constant (torch's default state)."""
    text = splat_of(ir, value)
    try:
        return text is not None and float(text.split(":")[0]) == 0.0
    except ValueError:
        return False


def _helper_text(ir, call, config):
    """The function computing one recurrent op on buffers (module
    docstring); its arguments are the call's operands, its results the
    call's."""
    where = _where(config["kind"], call.location)
    operands, results = list(call.operands), list(call.results)
    types = [static_shape(ir, v, "operand", config["kind"])
             for v in operands]
    out_types = [static_shape(ir, v, "result", config["kind"])
                 for v in results]
    element = str(types[0][0].element_type)
    layers = config["num_layers"]
    directions = 2 if config["bidirectional"] else 1
    states = config["states"]
    params = len(operands) - 1 - states
    per = params // (layers * directions) if layers * directions else 0
    expected = 4 if config["has_biases"] else 2
    # An LSTM with proj_size > 0 has W_hr after the others.
    projected = config["kind"] == "lstm" and per == expected + 1
    if per * layers * directions != params or \
            per not in (expected, expected + projected):
        _refuse(where, f"{params} weight tensors for {layers} layer(s) x "
                f"{directions} direction(s), not {expected} per layer "
                "and direction (W_ih, W_hh"
                f"{', b_ih, b_hh' if config['has_biases'] else ''}"
                f"{', W_hr' if config['kind'] == 'lstm' else ''})")
    x_shape = types[0][1]
    batch_first = config["batch_first"]
    steps, batch = (x_shape[1], x_shape[0]) if batch_first else \
        (x_shape[0], x_shape[1])
    # h's size (the projection's when projected), then c's and the gates'.
    width = types[1][1][2]
    hidden = types[2][1][2] if projected else width
    gates = GATES[config["kind"]] * hidden
    t = _Text()
    names = [f"%arg{i}" for i in range(len(operands))]
    buffers = []
    for i, (shaped, shape) in enumerate(types):
        buffers.append(t.op(f"bufferization.to_buffer {names[i]} : "
                            f"{shaped} to {memref_type(shape, element)}",
                            "in"))
    t.emit(f"%zero = arith.constant 0.0 : {element}")
    t.emit(f"%one = arith.constant 1.0 : {element}")
    out_buffers = [t.op(f"memref.alloc() : {memref_type(shape, element)}",
                        "out") for _, shape in out_types]

    def alloc(mem, stem):
        return t.op(f"memref.alloc() : {mem}", stem)
    spec = {"kind": config["kind"], "T": steps, "B": batch, "H": hidden,
            "P": width,
            "G": gates, "has_biases": config["has_biases"],
            "slots": layers * directions,
            "states": list(zip(buffers[1:1 + states], out_buffers[1:])),
            "zero": [_is_zero(ir, v) for v in operands[1:1 + states]]}
    x_mem = memref_type(x_shape, element)
    out_mem = memref_type(out_types[0][1], element)
    sequence = None
    for layer in range(layers):
        in_size = x_shape[2] if layer == 0 else directions * width
        seq_mem = memref_type([steps, batch, directions * width], element)
        last = layer == layers - 1
        out_sequence = out_buffers[0] if last else alloc(seq_mem, "seq")
        # An output sequence nobody reads is not written (torch-mlir drops
        # the unrolled cells' copies into it alike).
        used = not last or bool(list(results[0].uses))
        source = sequence

        def read(step, b, k, source=source, layer=layer):
            if layer == 0:
                at = f"{b}, {step}, {k}" if batch_first else \
                    f"{step}, {b}, {k}"
                return t.op(f"affine.load {buffers[0]}[{at}] : {x_mem}")
            return t.op(f"affine.load {source}[{step}, {b}, {k}] : "
                        f"{seq_mem}")

        def write(value, step, b, n, target=out_sequence, last=last):
            at = f"{b}, {step}, {n}" if last and batch_first else \
                f"{step}, {b}, {n}"
            mem = out_mem if last else seq_mem
            t.emit(f"affine.store {value}, {target}[{at}] : {mem}")
        for direction in range(directions):
            slot = layer * directions + direction
            first = 1 + states + slot * per
            weights = buffers[first:first + 2] + (
                buffers[first + 2:first + 4] if config["has_biases"]
                else [None, None]) + (
                [buffers[first + per - 1]] if projected else [None])
            _Layer(t, spec, element, weights,
                   (read, write if used else None),
                   (in_size, direction, slot)).emit(alloc)
        sequence = out_sequence
    returned = [t.op(f"bufferization.to_tensor {b} restrict writable : "
                     f"{memref_type(shape, element)} to {shaped}", "res")
                for b, (shaped, shape) in zip(out_buffers, out_types)]
    arguments = ", ".join(f"{n}: {shaped}" for n, (shaped, _) in
                          zip(names, types))
    result_types = ", ".join(str(shaped) for shaped, _ in out_types)
    return "\n".join(
        [f"func.func private @solar_recurrent({arguments}) -> "
         f"({result_types}) {{"] + t.lines +
        [f"return {', '.join(returned)} : {result_types}", "}"])


def lower_calls(module, configs):
    """Replaces every call `to_calls` made (torch-mlir's lowering kept it)
    with its loops; returns how many."""
    if not configs:
        return 0
    from torch_mlir import ir
    declarations = [op for op in module.body.operations
                    if op.operation.name == "func.func" and
                    ir.StringAttr(op.operation.attributes["sym_name"]).value
                    in configs]

    def lower(ir, call):
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        config = configs.get(callee)
        if config is None:
            return
        text = _helper_text(ir, call, config)
        # The parsed module owns the helper until its ops are moved out.
        helper_module = ir.Module.parse(text)
        helper = helper_module.body.operations[0].operation
        entry = helper.regions[0].blocks[0]
        splice_helper(ir, call, entry, ops_named(entry, "affine.store"),
                      list(call.operands))
        call.erase()
    count = lower_each(module, "func.call", lower)
    for op in declarations:
        op.operation.erase()
    return count
