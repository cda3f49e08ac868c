#!/usr/bin/env python3
"""Runs sonnx-check over every model of Debian's ONNX test data and prints
the figures of docs/sonnx-check.md ("The ONNX test data"): per folder, the
models, their exit codes, the shape nodes found (subgraphs and model-local
functions included) and their verdicts, and the elementwise nodes checked
against broadcast.E1 and theirs. Fails (exit 1) on a crash, an exit
code other than 0, 1, 2 or 3, an internal error or a report that is not the
JSON of the documented schema.

Usage: check_testdata.py [--sonnx-check build/bin/sonnx-check]
                         [--data /usr/share/libonnx-testdata/data]
                         [--folders node,simple] [--every N]
"""
import argparse
import json
import os
import subprocess
import sys

FOLDERS = ["node", "pytorch-converted", "pytorch-operator", "simple"]
VERDICTS = ["conforms", "breaks", "run-time", "invalid", "unchecked",
            "not-taken"]
EXIT_CODES = (0, 1, 2, 3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sonnx-check", default="build/bin/sonnx-check")
    parser.add_argument("--data", default="/usr/share/libonnx-testdata/data")
    parser.add_argument("--folders", default=",".join(FOLDERS))
    parser.add_argument("--every", type=int, default=1,
                        help="check every N-th model only (a subset)")
    parser.add_argument("--docs", default=None,
                        help="also fail when this file (docs/sonnx-check.md) "
                        "does not hold the table printed")
    args = parser.parse_args()

    problems = []
    rows = []
    for folder in args.folders.split(","):
        root = os.path.join(args.data, folder)
        models = sorted(
            os.path.join(root, case, "model.onnx")
            for case in os.listdir(root)
            if os.path.isfile(os.path.join(root, case, "model.onnx")))
        models = models[::args.every]
        row = {"folder": folder, "models": len(models),
               "exit": {code: 0 for code in EXIT_CODES}, "shape_nodes": 0,
               "verdicts": {v: 0 for v in VERDICTS}, "other": 0,
               "elementwise": 0, "e1": {v: 0 for v in VERDICTS},
               "folded": 0, "with_shape_nodes": 0}
        for model in models:
            run = subprocess.run([args.sonnx_check, model, "--format=json"],
                                 capture_output=True, text=True,
                                 errors="replace")
            name = os.path.relpath(model, args.data)
            if run.returncode not in EXIT_CODES:
                problems.append("%s: exit code %d (a crash?)\n%s"
                                % (name, run.returncode, run.stderr[-2000:]))
                continue
            if "internal error" in run.stderr + run.stdout:
                problems.append("%s: internal error\n%s"
                                % (name, run.stderr[-2000:]))
            row["exit"][run.returncode] += 1
            if run.returncode == 2:
                continue
            try:
                report = json.loads(run.stdout)
            except ValueError as error:
                problems.append("%s: the report is not JSON: %s"
                                % (name, error))
                continue
            if (report.get("schema") != "sonnx-check/3"
                    or report.get("exit_code") != run.returncode):
                problems.append("%s: unexpected schema" % name)
                continue
            nodes = report["shape_nodes"]
            row["shape_nodes"] += len(nodes)
            row["with_shape_nodes"] += bool(nodes)
            for node in nodes:
                row["verdicts"][node["verdict"]] += 1
            row["elementwise"] += len(report["elementwise_nodes"])
            for node in report["elementwise_nodes"]:
                row["e1"][node["verdict"]] += 1
            row["other"] += report["summary"]["other_nodes"]
            row["folded"] += report["summary"]["folded_nodes"]
        rows.append(row)

    table = []
    table.append("| folder | models | exit 0 | exit 1 | exit 2 | exit 3 | models "
          "with shape nodes | shape nodes | conform | break a rule | left to "
          "run time | invalid | unchecked | not taken | other nodes | folded | "
          "elementwise nodes | E1 conform | E1 broken | E1 at run time | E1 "
          "unchecked |")
    table.append("|---" * 21 + "|")
    total = None
    for row in rows + ["total"]:
        if row == "total":
            row = total
            row["folder"] = "**total**"
        else:
            if total is None:
                total = json.loads(json.dumps(row))
                total["exit"] = dict(row["exit"])
            else:
                for key in ("models", "shape_nodes", "other", "folded",
                            "with_shape_nodes", "elementwise"):
                    total[key] += row[key]
                for key in row["exit"]:
                    total["exit"][key] += row["exit"][key]
                for key in VERDICTS:
                    total["verdicts"][key] += row["verdicts"][key]
                    total["e1"][key] += row["e1"][key]
        table.append("| %s |" % row["folder"] + " %d |" * 20
              % (row["models"], row["exit"][0],
                 row["exit"][1], row["exit"][2], row["exit"][3],
                 row["with_shape_nodes"], row["shape_nodes"],
                 row["verdicts"]["conforms"], row["verdicts"]["breaks"],
                 row["verdicts"]["run-time"], row["verdicts"]["invalid"],
                 row["verdicts"]["unchecked"], row["verdicts"]["not-taken"],
                 row["other"], row["folded"], row["elementwise"],
                 row["e1"]["conforms"], row["e1"]["breaks"],
                 row["e1"]["run-time"], row["e1"]["unchecked"]))
    for line in table:
        print(line)
    if args.docs:
        with open(args.docs, encoding="utf-8") as f:
            docs = f.read()
        if "\n".join(table) not in docs:
            problems.append("%s does not hold this table" % args.docs)
    for problem in problems:
        print("PROBLEM: " + problem, file=sys.stderr)
    print("%d problems (crashes, internal errors, bad reports)"
          % len(problems))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
