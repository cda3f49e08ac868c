"""Fails when a file of include/, tools/ or lib/ outside lib/Target/ONNX
mentions an ONNX or protobuf header ("onnx/", "google/protobuf")."""

import os
import re
import sys

root = sys.argv[1]
pattern = re.compile(r"onnx/|google/protobuf")
found = []
for top in ("include", "tools", "lib"):
    for dirpath, _, files in os.walk(os.path.join(root, top)):
        rel = os.path.relpath(dirpath, root)
        if rel == os.path.join("lib", "Target", "ONNX") or rel.startswith(
            os.path.join("lib", "Target", "ONNX") + os.sep
        ):
            continue
        for name in files:
            path = os.path.join(dirpath, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    if pattern.search(line):
                        found.append(f"{os.path.relpath(path, root)}:{number}: {line.rstrip()}")
for line in found:
    print(line)
sys.exit(1 if found else 0)
