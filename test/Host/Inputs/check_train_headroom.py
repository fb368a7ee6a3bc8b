"""Checks solar analyze --train --arch host reports (test/Host/train.test):
the reference timed the training step here, every function has headroom at
every fidelity and no violation; prints one line per report."""
import json
import sys

for path in sys.argv[1:]:
    report = json.load(open(path, encoding="utf-8"))
    train, reference = report["train"], report["reference"]
    assert train is not None, f"{path}: not a training step"
    assert reference["timed"] and reference["same_machine"], path
    for function in report["functions"]:
        assert function["name"] == "train_step", path
        assert "phases" in function, path
        headroom = function["headroom"]
        assert all(headroom[f] is not None and headroom[f] > 0
                   for f in ("unfused", "fused", "cache", "ideal")), path
        violations = len(function["violations"])
    print(f"{path}: timed training step ({train['loss']}, "
          f"{train['optimizer']}), {function['measured']['runs']} runs, "
          f"headroom at every fidelity, {violations} violations")
