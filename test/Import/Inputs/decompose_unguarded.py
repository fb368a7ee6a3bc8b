"""Checks torch_export._decomposed_on_cpu (run_decompositions with the
module retraced without its input guards) against torch's own
run_decompositions (guards built) on a small conv/batch-norm stack exported
on the meta device as solar exports it: the decomposed graphs must be the
same code, the guards-free retrace must leave no attribute behind, and
the module() torch builds inside must have no `_guards_fn`. Prints one
line per check."""
import sys

sys.path.insert(0, sys.argv[1])
from solar_ref import torch_runner  # noqa: E402

torch = torch_runner.import_torch()
from solar_imp import torch_export  # noqa: E402


class Stack(torch.nn.Module):
    """The layers' parameters and buffers are forward()'s arguments, as in
    solar's functional wrapper (torch_export._Functional): the layers are
    held outside the module's registered children."""

    def __init__(self):
        super().__init__()
        self.held = [torch.nn.Sequential(*[
            torch.nn.Sequential(torch.nn.Conv2d(4, 4, 3, padding=1),
                                torch.nn.BatchNorm2d(4), torch.nn.ReLU())
            for _ in range(6)])]

    def state(self):
        layers = self.held[0]
        return [*layers.named_parameters(), *layers.named_buffers()]

    def forward(self, x, *state):
        names = [name for name, _ in self.state()]
        return torch.func.functional_call(self.held[0],
                                          dict(zip(names, state)), (x,))


def exported():
    with torch.device("meta"):
        model = Stack().eval()
        state = [t.detach() for _, t in model.state()]
        x = torch.empty(2, 4, 8, 8)
        with torch.no_grad():
            return torch.export.export(model, (x, *state), strict=False)


from torch_mlir.extras.fx_decomp_util import get_decomposition_table  # noqa
guarded = exported().run_decompositions(get_decomposition_table())
program = exported()
built = []
original = type(program).module


def spy(self, *args, **kwargs):
    module = original(self, *args, **kwargs)
    built.append(hasattr(module, "_guards_fn"))
    return module


type(program).module = spy
unguarded = torch_export._decomposed_on_cpu(torch, program)
type(program).module = original
print("arguments", len(program.graph_signature.input_specs))
print("same code", guarded.graph_module.code == unguarded.graph_module.code)
print("module() built with guards", built)
print("attribute left", "module" in vars(program))
