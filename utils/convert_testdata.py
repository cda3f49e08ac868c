#!/usr/bin/env python3
"""Converts every model of Debian's ONNX test data with sonnx-convert and
checks the outputs with onnxruntime (utils/compare_ort.js): the figures of
docs/sonnx-convert.md.

For each model: sonnx-convert MODEL -o OUT (written, refused with the rule
broken, or unreadable); for a written model, compare_ort.js runs the
original and the converted model on the test data's inputs
(test_data_set_0/input_K.pb; seeded random inputs when there are none) and
compares every output byte for byte; and the converted model converted
again must come out byte-identical (a round trip). Prints one line per
model that is not bit-identical, then the counts.

Usage: convert_testdata.py BUILD_BIN_DIR [DATA_DIR] [--set node,simple,...]
       [--limit N] [--only node/test_add_bcast,...] [--json OUT.json]
DATA_DIR defaults to /usr/share/libonnx-testdata/data; the sets default to
node, pytorch-converted, pytorch-operator and simple.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def convert(bindir, model, out):
    proc = subprocess.run(
        [os.path.join(bindir, "sonnx-convert"), model, "-o", out,
         "--format=json"], capture_output=True, text=True, timeout=300)
    try:
        report = json.loads(proc.stdout)
    except json.JSONDecodeError:
        report = {"errors": [proc.stderr.strip() or "no report"]}
    return proc.returncode, report


def compare(original, converted, inputs):
    cmd = ["node", os.path.join(HERE, "compare_ort.js"), original, converted]
    if inputs:
        cmd += ["--inputs"] + inputs
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    try:
        result = json.loads(proc.stdout)
    except json.JSONDecodeError:
        result = {"status": "error", "reason": proc.stderr.strip()}
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("bindir")
    parser.add_argument("data", nargs="?",
                        default="/usr/share/libonnx-testdata/data")
    parser.add_argument("--set",
                        default="node,pytorch-converted,pytorch-operator,"
                                "simple")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--only",
                        help="comma-separated model folders relative to "
                             "DATA_DIR (node/test_add_bcast,...): these only")
    parser.add_argument("--json")
    args = parser.parse_args()

    models = []
    if args.only:
        models = [os.path.join(args.data, name, "model.onnx")
                  for name in args.only.split(",")]
    for name in ([] if args.only else args.set.split(",")):
        models += sorted(glob.glob(os.path.join(args.data, name, "*",
                                                "model.onnx")))
    if args.limit:
        models = models[:args.limit]
    counts = collections.Counter()
    refused = collections.Counter()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.onnx")
        again = os.path.join(tmp, "again.onnx")
        for model in models:
            label = os.path.relpath(os.path.dirname(model), args.data)
            counts["models"] += 1
            code, report = convert(args.bindir, model, out)
            row = {"model": label, "exit_code": code,
                   "changes": len(report.get("changes", []))}
            if code == 1:
                counts["refused"] += 1
                rules = sorted({f.get("rule") or "?"
                                for f in report.get("findings", [])})
                row["rules"] = rules
                for rule in rules:
                    refused[rule] += 1
                rows.append(row)
                continue
            if code != 0:
                counts["unreadable"] += 1
                row["reason"] = "; ".join(report.get("errors", []))[:200]
                print(f"{label}: not converted: {row['reason']}")
                rows.append(row)
                continue
            counts["converted"] += 1
            counts["changes"] += row["changes"]
            if row["changes"]:
                counts["changed"] += 1
            code2, _ = convert(args.bindir, out, again)
            with open(out, "rb") as a, open(again, "rb") as b:
                if code2 != 0 or a.read() != b.read():
                    counts["round-trip-differs"] += 1
                    print(f"{label}: converting the converted model changes "
                          f"it")
            inputs = sorted(glob.glob(os.path.join(
                os.path.dirname(model), "test_data_set_0", "input_*.pb")),
                key=lambda p: int(p.rsplit("_", 1)[1].split(".")[0]))
            result = compare(model, out, inputs)
            row["ort"] = result
            status = result.get("status")
            counts["ort-" + str(status)] += 1
            if status != "identical":
                print(f"{label}: {status}: {result.get('reason', '')[:300]}")
            rows.append(row)
    print("counts: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print("refused, by rule: " +
          ", ".join(f"{k} {v}" for k, v in refused.most_common()))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"counts": counts, "refused": refused, "models": rows},
                      f, indent=1)
    return 1 if counts["ort-different"] or counts["round-trip-differs"] else 0


if __name__ == "__main__":
    sys.exit(main())
