"""Checks and small rewrites on the importers' MLIR text.

The importers bundle their own (newer) MLIR; solar parses with MLIR 22. The
upstream dialects' custom syntax has been stable across these versions, so
the text is printed in custom form; what cannot be parsed is reported by
solar with the op or attribute named (docs/importers.md, version skew).
Here we only catch ops the importer left in its own dialects, which no
MLIR 22 pass can lower."""
import re

from .errors import ImportError_

# Dialects that are the importers' own: an op of one of them means that op
# had no conversion to linalg.
FOREIGN = ("torch", "torch_c", "tm_tensor", "stablehlo", "chlo", "mhlo",
           "flow", "hal", "iree_linalg_ext", "iree_tensor_ext", "util",
           "iree_codegen", "iree_gpu", "iree_input", "shape", "sdy")

_OP = re.compile(r'^\s*(?:%[^=]*=\s*)?"?([A-Za-z_][\w$]*)\.([\w$.]+)"?')


def foreign_ops(text):
    """[(line number, op name)] of ops in the importers' own dialects."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        match = _OP.match(line)
        if match and match.group(1) in FOREIGN:
            found.append((number, f"{match.group(1)}.{match.group(2)}"))
    return found


def check_foreign_ops(text, importer):
    found = foreign_ops(text)
    if not found:
        return
    names = sorted({name for _, name in found})
    line = found[0][0]
    raise ImportError_(
        f"{importer} left {len(found)} op(s) without a linalg lowering: "
        f"{', '.join(names)} (first at line {line} of its output); no "
        "deterministic path for this program: translate it with "
        "`solar translate`")


# IREE's input conversion wraps functions in its util dialect; for programs
# without IREE-specific features (tied results, globals) util.func,
# util.return and util.call have exactly func's custom syntax.
_UTIL_TO_FUNC = [(re.compile(r'\butil\.func\b'), "func.func"),
                 (re.compile(r'\butil\.return\b'), "func.return"),
                 (re.compile(r'\butil\.call\b'), "func.call")]


def util_to_func(text):
    for pattern, replacement in _UTIL_TO_FUNC:
        text = pattern.sub(replacement, text)
    return text
