#!/usr/bin/env python3
"""Checks the docs and the case generator against the table of per-op
element types in the code (the *.types rules).

`sonnx-opt --print-element-types` prints that table (SONNXElementTypes.cpp,
the one list of the sets). This script checks that
  - docs/onnx-import.md holds it verbatim;
  - the op reference generated from ODS (docs/Dialects/SONNXOps.md) states
    each op's set as "Element types (`<rule>`): `t1`, `t2`, ...";
  - scripts/gen_onnx_models.py (OP_TYPES) generates its cases from the same
    sets, by ONNX op and opset.

Usage: check_element_types.py SONNX_OPT SRC_ROOT
Prints "element types: N sets, M problems" and exits 1 on any problem.
"""

import os
import re
import subprocess
import sys


def main():
    sonnx_opt, root = sys.argv[1:3]
    table = subprocess.run([sonnx_opt, "--print-element-types"], check=True,
                           capture_output=True, text=True).stdout
    rows = []
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rule, name, since, mlir, spec = cells
        rows.append((rule.strip("`"), name, int(since), mlir,
                     [t.strip() for t in spec.split(",")]))
    problems = []

    doc = open(os.path.join(root, "docs", "onnx-import.md")).read()
    if table not in doc:
        problems.append("docs/onnx-import.md does not hold the table that "
                        "`sonnx-opt --print-element-types` prints")

    ops_md = open(os.path.join(root, "docs", "Dialects",
                               "SONNXOps.md")).read()
    ops_text = " ".join(ops_md.split())
    seen = set()
    for rule, name, since, mlir, _ in rows:
        if "-" in name or rule in seen:
            continue  # older ONNX versions: the importer's, not the dialect's
        seen.add(rule)
        sentence = "Element types (`%s`): %s." % (rule, mlir)
        if sentence not in ops_text:
            problems.append("docs/Dialects/SONNXOps.md (ODS) does not state "
                            "'%s'" % sentence)

    sys.path.insert(0, os.path.join(root, "scripts"))
    import gen_onnx_models as gen  # noqa: E402
    for rule, name, since, _, spec in rows:
        op = name.split("-")[0]
        if op == "Broadcast":
            continue  # not an ONNX op: no generated case
        got = gen.OP_TYPES.get(op, {}).get(since)
        if got is None or sorted(got) != sorted(spec):
            problems.append("gen_onnx_models.OP_TYPES[%r][%d] is %s, the "
                            "code says %s" % (op, since, got, spec))
    ids = sum(len(v) for v in gen.OP_TYPES.values()) + 1  # + Broadcast
    if ids != len(rows):
        problems.append("gen_onnx_models.OP_TYPES has %d sets, the code %d"
                        % (ids, len(rows)))

    for p in problems:
        print("PROBLEM: " + p)
    print("element types: %d sets, %d problems" % (len(rows), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
