"""Pieces shared by the framework runners."""
import inspect
import os
import platform
import random

import numpy as np

from .errors import ReferenceError_


def seed_python_and_numpy(seed):
    random.seed(seed)
    np.random.seed(seed)


def cpu_name():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def require(module, name, convention):
    value = getattr(module.module, name, None)
    if value is None:
        raise ReferenceError_(
            f"{module.path} defines no '{name}' ({convention})")
    return value


def parameter_names(fn, count, fallback):
    """Names of the first `count` positional parameters of fn (without
    self), or fallback0, fallback1, ... when fn takes *args."""
    try:
        params = [p for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        params = []
    names = [p.name for p in params]
    if names and names[0] == "self":
        names = names[1:]
    if len(names) >= count:
        return names[:count]
    return [f"{fallback}{i}" for i in range(count)]


def as_list(value, what):
    if isinstance(value, (list, tuple)):
        return list(value)
    raise ReferenceError_(f"{what} must return a list or tuple, got "
                          f"{type(value).__name__}")


def python_versions():
    return {"python": platform.python_version(), "numpy": np.__version__}


def host_threads():
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") \
        else os.cpu_count()
