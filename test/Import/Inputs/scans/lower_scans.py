"""lower_scans.py TOOLS_PYTHON FILE.mlir: runs the importer's scan and
scatter lowerings (solar_imp/scan_lowering.py, scatter_lowering.py) on FILE with torch-mlir's bindings (its
tm_tensor ops parsed as unregistered ops) and prints the result; an
ImportError_ is printed as `error: ...` with exit 1."""
import sys

sys.path.insert(0, sys.argv[1])
from torch_mlir import ir  # noqa: E402

from solar_imp import scan_lowering, scatter_lowering  # noqa: E402
from solar_imp.errors import ImportError_  # noqa: E402

with ir.Context() as context:
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(open(sys.argv[2]).read())
    try:
        scan_lowering.lower_scans(module)
        scatter_lowering.lower_scatters(module)
    except ImportError_ as exc:
        print(f"error: {exc}")
        sys.exit(1)
    module.operation.verify()
    print(module.operation.get_asm())
