"""Writing arguments as .npy files in the dtypes solar-verify reads.

numpy has no bfloat16: bf16 data is stored as its bit patterns ('<u2') and
the manifest's dtype says "bf16"."""
import os
import re

import numpy as np

from .errors import ReferenceError_

# numpy dtype -> manifest dtype
_NUMPY_TO_MANIFEST = {
    np.dtype(np.float64): "f64", np.dtype(np.float32): "f32",
    np.dtype(np.float16): "f16", np.dtype(np.int64): "i64",
    np.dtype(np.int32): "i32", np.dtype(np.int8): "i8",
    np.dtype(np.bool_): "i1",
}
SUPPORTED = "f64 f32 f16 bf16 i64 i32 i8 i1"


def manifest_dtype(array):
    """(array to store, manifest dtype name) or raises ValueError."""
    if array.dtype.name == "bfloat16":  # ml_dtypes.bfloat16 (JAX)
        return array.view(np.uint16), "bf16"
    name = _NUMPY_TO_MANIFEST.get(array.dtype)
    if name is None:
        raise ValueError(f"dtype {array.dtype} is not supported by solar-verify "
                         f"(supported: {SUPPORTED})")
    return array, name


def python_scalar(value):
    """A Python number from get_inputs() as a 0-d array: bool -> i1,
    int -> i64, float -> f64 (the IR takes them as i1/i64|index/f64)."""
    if isinstance(value, bool):
        return np.array(value, dtype=np.bool_)
    if isinstance(value, int):
        return np.array(value, dtype=np.int64)
    if isinstance(value, float):
        return np.array(value, dtype=np.float64)
    return None


class ArgumentWriter:
    """Writes arguments into a directory and collects their manifest entries,
    in the order written."""

    def __init__(self, outdir, save=True):
        """save=False (--no-data): entries only, no .npy written (a
        timing-only run at full size)."""
        self.outdir = outdir
        self.save = save
        self._bytes = {}
        self.entries = []
        self._names = set()
        self._files = set()

    @staticmethod
    def _unique(base, taken):
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}_{n}"
        taken.add(candidate)
        return candidate

    def add(self, name, role, array, stored_dtype=None):
        """`array` is a C-ordered numpy array; `stored_dtype` overrides the
        manifest dtype when the array holds raw bits (torch bf16)."""
        # ascontiguousarray would turn a 0-d array into a 1-d one.
        array = np.ascontiguousarray(array) if array.ndim else np.array(array)
        if stored_dtype is None:
            try:
                array, dtype = manifest_dtype(array)
            except ValueError as exc:
                raise ReferenceError_(f"{role} '{name}': {exc}") from None
        else:
            dtype = stored_dtype
        # Names are kept as the framework spells them ("params/Dense_0/bias");
        # file names are made safe and unique on their own.
        name = self._unique(name, self._names)
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name) or "arg"
        file = self._unique(stem, self._files) + ".npy"
        if self.save:
            np.save(os.path.join(self.outdir, file), array, allow_pickle=False)
        self._bytes[role] = self._bytes.get(role, 0) + int(array.nbytes)
        entry = {"name": name, "role": role, "file": file,
                 "shape": [int(d) for d in array.shape], "dtype": dtype}
        self.entries.append(entry)
        return entry

    def total_bytes(self, role):
        return self._bytes.get(role, 0)
