"""Prints the training-step facts of a reference manifest (lit helper):
the loss, the optimizer, the gradients recorded and the frozen parameters."""
import json
import sys

manifest = json.load(open(sys.argv[1], encoding="utf-8"))
train = manifest["train"]
print(f"loss={train['loss']} optimizer={train['optimizer']} "
      f"lr={train['hyperparameters']['lr']}")
for entry in train["gradients"]:
    print(entry["name"], entry["shape"])
print("frozen:", ", ".join(train["frozen"]) or "none")
