#!/usr/bin/env python3
"""Compares the verdicts of two sonnx-check JSON reports (schema
sonnx-check/3), of a model and of its conversion: every shape node and
elementwise node of the first that the second keeps (the same name, op
type and path of node names) must have the same verdict and the same
rules (broken, or left to run time). Nodes only the second has (the
Unsqueezes sonnx-convert adds) and only the first has (those it folds or
removes) are counted. Prints "same verdicts: N kept, M added, K removed"
and exits 0, or prints each difference and exits 1.

Usage: compare_verdicts.py ORIGINAL.json CONVERTED.json
"""
import json
import sys


def nodes(path):
    with open(path) as f:
        report = json.load(f)
    result = {}
    for node in report["shape_nodes"] + report["elementwise_nodes"]:
        key = (tuple(s if isinstance(s, str) else json.dumps(s, sort_keys=True)
                     for s in node["path"]), node["name"], node["op"])
        rules = sorted({f.get("rule") or "" for f in node["findings"]})
        result[key] = (node["verdict"], rules, sorted(node["run_time_rules"]))
    return result


def main():
    a, b = nodes(sys.argv[1]), nodes(sys.argv[2])
    diffs = [f"{k}: {a[k]} != {b[k]}" for k in a if k in b and a[k] != b[k]]
    if diffs:
        print("\n".join(diffs))
        return 1
    kept = sum(k in b for k in a)
    print(f"same verdicts: {kept} kept, {len(b) - kept} added, "
          f"{len(a) - kept} removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
